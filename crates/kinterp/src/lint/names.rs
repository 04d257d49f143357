//! The names a script defines and the names it reads that nothing
//! defines, for the editor's hover on an undefined name.

use super::env::Env;
use super::walk::Facts;
use crate::diag::Position;

/// What a script defines, and what it reads without defining.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScriptNames {
    /// Every local, function and global the script defines, with its
    /// script position, in script order.
    pub defined: Vec<(String, Position)>,
    /// Names read as globals that neither the sandbox nor the script
    /// defines (each read, with its position).
    pub undefined: Vec<(String, Position)>,
}

impl ScriptNames {
    /// Where a name like `name` is defined: the same name first (a local
    /// out of scope), else the closest one.
    pub fn similar(&self, name: &str) -> Option<&(String, Position)> {
        self.defined.iter().find(|(n, _)| n == name).or_else(|| {
            let best = crate::suggest::best(name, self.defined.iter().map(|(n, _)| n.as_str()))?;
            self.defined.iter().find(|(n, _)| n == best)
        })
    }
}

impl ScriptNames {
    /// The names one walk found.
    pub(super) fn of(facts: &Facts) -> ScriptNames {
        let mut defined: Vec<(String, Position)> = facts
            .locals
            .iter()
            .map(|l| (l.name.clone(), l.at))
            .chain(
                facts
                    .functions
                    .iter()
                    .filter(|f| f.global)
                    .filter_map(|f| Some((f.name.clone()?, f.at))),
            )
            .chain(
                facts
                    .global_writes
                    .iter()
                    .map(|(n, at, _)| (n.clone(), *at)),
            )
            .collect();
        defined.sort_by_key(|(_, at)| *at);
        let env = Env::get();
        // As `undefined-global` judges: locals of other scopes do not count.
        let written = facts.globals_written();
        let undefined = facts
            .global_reads
            .iter()
            .filter(|(n, _)| {
                !env.is_global(n) && !env.is_disabled(n) && !written.contains(n.as_str())
            })
            .cloned()
            .collect();
        ScriptNames { defined, undefined }
    }
}
