//! Hover: the entry point's contract (on the rule's key, its `luaScript`
//! key, the function's name or a parameter), `kube` functions, sandbox
//! globals, disabled functions, and the type of an object's field.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position as LspPosition, Range};

use super::cursor::Cursor;
use super::fields::{self, Step};
use super::globals;
use super::layout::Layout;
use super::text::Encoding;
use kinterp::contract;
use kinterp::diag::Position;

/// The hover at `pos`, if anything is known there.
pub fn hover(text: &str, layout: &Layout, pos: LspPosition, enc: Encoding) -> Option<Hover> {
    let cursor = Cursor::new(text, layout, pos, enc);
    let (value, range) = match cursor.in_script {
        None => (on_keys(&cursor, layout)?, None),
        Some(_) => {
            let (name, start, end) = cursor.dotted_name()?;
            let range = Range::new(
                super::text::to_lsp(text, Position::new(cursor.file.line, start + 1), enc),
                super::text::to_lsp(text, Position::new(cursor.file.line, end + 1), enc),
            );
            (in_script(&cursor, &name)?, Some(range))
        }
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range,
    })
}

/// On a rule's key or its `luaScript` key: the rule's contract.
fn on_keys(cursor: &Cursor, layout: &Layout) -> Option<String> {
    let (_, rule) = layout.rule_on_line(cursor.file.line)?;
    let trimmed = cursor.line.trim_start();
    let on_key =
        trimmed.starts_with(rule.operation.rule_field()) || trimmed.starts_with("luaScript");
    on_key.then(|| contract::contract(rule.operation).markdown())
}

fn in_script(cursor: &Cursor, name: &str) -> Option<String> {
    let contract = cursor.contract()?;
    if name == contract.function() {
        return Some(contract.markdown());
    }
    if let Some(p) = contract.param(name) {
        return Some(format!(
            "`{}`: {}\n\n---\n{}",
            p.name,
            p.doc,
            contract.markdown()
        ));
    }
    if let Some(symbol) = globals::lookup(name) {
        return Some(symbol.markdown());
    }
    if let Some(text) = undefined(cursor, name) {
        return Some(text);
    }
    // A field of an object: its type.
    let (root, mut steps) = fields::parse_path(name)?;
    let Some(Step::Field(last)) = steps.pop() else {
        return None;
    };
    let mut walk = cursor.resolve(&root)?;
    for s in &steps {
        walk = walk.step(s);
    }
    let (field, ty) = walk.fields().into_iter().find(|(n, _)| *n == last)?;
    let mut out = format!("`{name}`\n\nfield `{field}`: `{ty}`");
    if let Some(doc) = walk.description(&last) {
        out.push_str(&format!("\n\n{doc}"));
    }
    Some(out)
}

/// On a name the script reads but nothing defines: says so, and where a
/// similar name is defined.
fn undefined(cursor: &Cursor, name: &str) -> Option<String> {
    let (_, _, at) = cursor.in_script?;
    let script = cursor.script()?;
    let sheet = kinterp::lint::ScriptFacts::new(&script.text);
    let names = sheet.names()?;
    // The read under the cursor (its line, and a column within the name).
    let here = names.undefined.iter().find(|(n, p)| {
        n == name && p.line == at.line && (p.column..=p.column + n.len()).contains(&at.column)
    })?;
    let mut out = format!(
        "`{name}` is not defined: it is no global of Karmada's Lua environment and the script never assigns it, so it reads as nil."
    );
    match names.similar(&here.0) {
        Some((similar, def)) => {
            let file = script.to_file(*def);
            let scope = if similar == name {
                "a local there, out of scope here"
            } else {
                "a similar name"
            };
            out.push_str(&format!(
                "\n\n`{similar}` ({scope}) is defined at script line {}, file line {}.",
                def.line, file.line
            ));
        }
        None if name.starts_with(|c: char| c.is_ascii_uppercase()) => {
            out.push_str(&format!(
                "\n\nTo compare with the text {name}, quote it: `\"{name}\"`."
            ));
        }
        None => {}
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::super::layout::layout;
    use super::*;

    const RIC: &str = concat!(
        ric_head!(),
        "    replicaResource:
      luaScript: |
        local kube = require(\"kube\")
        function GetReplicas(obj)
          local r = kube.accuratePodRequirements(obj.spec.template)
          setmetatable(r, nil)
          return obj.spec.replicas, r
        end
"
    );

    fn text_at(line: u32, character: u32) -> Option<String> {
        let l = layout(RIC);
        hover(RIC, &l, LspPosition::new(line, character), Encoding::Utf16).map(|h| {
            match h.contents {
                HoverContents::Markup(m) => m.value,
                _ => unreachable!(),
            }
        })
    }

    #[test]
    fn kube_functions_and_their_range() {
        let l = layout(RIC);
        let h = hover(RIC, &l, LspPosition::new(13, 30), Encoding::Utf16).unwrap();
        let HoverContents::Markup(m) = h.contents else {
            panic!()
        };
        assert!(
            m.value.starts_with(
                "```lua\nkube.accuratePodRequirements(podTemplate) -> table or nil\n```"
            ),
            "{}",
            m.value
        );
        assert_eq!(
            h.range,
            Some(Range::new(
                LspPosition::new(13, 20),
                LspPosition::new(13, 48)
            ))
        );
        // On `kube` itself: the module.
        assert!(text_at(13, 21).unwrap().starts_with("The `kube` module"));
    }

    #[test]
    fn contracts_globals_and_fields() {
        let contract = text_at(9, 6).unwrap();
        assert!(
            contract.starts_with("```lua\nfunction GetReplicas(obj)\n```"),
            "{contract}"
        );
        assert!(contract.contains("Returns the replica count"));
        assert_eq!(text_at(10, 8), Some(contract.clone()));
        assert_eq!(text_at(12, 20), Some(contract));
        assert!(text_at(12, 30).unwrap().starts_with("`obj`: the object"));
        assert!(
            text_at(14, 12)
                .unwrap()
                .contains("not supported in karmada")
        );
        assert!(
            text_at(11, 25)
                .unwrap()
                .starts_with("`require`: `require(name)`")
        );
        assert_eq!(
            text_at(15, 31).unwrap(),
            "`obj.spec.replicas`\n\nfield `replicas`: `number`"
        );
        assert_eq!(text_at(2, 3), None);
    }
}
