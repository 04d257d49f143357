//! go-yaml v2's nesting bounds, counted from libyaml's events: at most
//! 10 000 open flow collections and 10 000 indentation levels (each an
//! error `exceeded max depth of 10000` at the collection's line), and the
//! JSON form's 10 000 levels (an error once the document is read whole).

use kinterp_go::depth::{MAX_DEPTH, YAML_MAX_DEPTH, YAML_TOO_DEEP};

use super::libyaml::{Mark, YamlError, one_based};

#[derive(Default)]
pub(super) struct Nesting {
    /// Flow collections (`[...]`, `{...}`) around the current node.
    pub flow: usize,
    /// Columns of the block collections around the current node that
    /// opened an indentation level (go-yaml's indent stack: a sequence at
    /// its parent key's column opens none).
    indents: Vec<usize>,
    /// The document nests deeper than its JSON form may.
    pub too_deep: bool,
}

impl Nesting {
    /// Enters a collection `depth` levels deep (the root is 1) starting at
    /// `mark`; returns whether a block collection opened an indentation
    /// level (to hand back to `close`).
    pub fn open(&mut self, depth: usize, flow: bool, mark: Mark) -> Result<bool, YamlError> {
        self.too_deep |= depth > MAX_DEPTH;
        let too_deep = || YamlError::new(YAML_TOO_DEEP, Some(one_based(mark)));
        if flow {
            self.flow += 1;
            return match self.flow > YAML_MAX_DEPTH {
                true => Err(too_deep()),
                false => Ok(false),
            };
        }
        if self.flow > 0 || self.indents.last().is_some_and(|&c| mark.column <= c) {
            return Ok(false);
        }
        self.indents.push(mark.column);
        match self.indents.len() > YAML_MAX_DEPTH {
            true => Err(too_deep()),
            false => Ok(true),
        }
    }

    /// Leaves the collection `open` entered.
    pub fn close(&mut self, flow: bool, indented: bool) {
        self.flow -= usize::from(flow);
        if indented {
            self.indents.pop();
        }
    }
}
