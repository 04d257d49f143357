//! Completion inside a rule's script: after `kube.` the module's functions,
//! after a library name its members, after a path from an object parameter
//! the fields of the target kind, and at the start of a name the rule's
//! entry-point skeleton, its parameters and the sandbox's globals.

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionTextEdit, Documentation, InsertTextFormat,
    InsertTextMode, MarkupContent, MarkupKind, Position as LspPosition, Range, TextEdit,
};

use super::cursor::{Cursor, defines};
use super::fields::{self, trailing_path};
use super::globals;
use super::layout::Layout;
use super::text::Encoding;
use kinterp::kube::lua::FUNCTIONS;

fn markdown(text: String) -> Option<Documentation> {
    Some(Documentation::MarkupContent(MarkupContent {
        kind: MarkupKind::Markdown,
        value: text,
    }))
}

fn item(label: &str, kind: CompletionItemKind, detail: String, doc: String) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(detail),
        documentation: markdown(doc),
        ..CompletionItem::default()
    }
}

/// The completions at `pos`; empty outside scripts.
pub fn complete(
    text: &str,
    layout: &Layout,
    pos: LspPosition,
    enc: Encoding,
) -> Vec<CompletionItem> {
    let cursor = Cursor::new(text, layout, pos, enc);
    let Some(contract) = cursor.contract() else {
        return Vec::new();
    };
    let path = trailing_path(cursor.before);
    if let Some((base, _partial)) = path.rsplit_once('.') {
        return members(&cursor, base);
    }
    // The start of a name: the entry point, its parameters, the globals.
    let mut out = Vec::new();
    let script = cursor.script().map_or("", |s| s.text.as_str());
    if !defines(script, contract.function()) {
        out.push(skeleton(&cursor, pos, path, enc));
    }
    for p in contract.params {
        out.push(item(
            p.name,
            CompletionItemKind::VARIABLE,
            format!("parameter of {}", contract.function()),
            p.doc.to_string(),
        ));
    }
    out.push(item(
        "kube",
        CompletionItemKind::MODULE,
        "local kube = require(\"kube\")".into(),
        globals::Symbol::KubeModule.markdown(),
    ));
    for (name, doc) in globals::global_names() {
        let kind = if doc.contains("library") || name == "package" {
            CompletionItemKind::MODULE
        } else {
            CompletionItemKind::FUNCTION
        };
        out.push(item(name, kind, String::new(), doc.to_string()));
    }
    out
}

/// Completions after `base.`.
fn members(cursor: &Cursor, base: &str) -> Vec<CompletionItem> {
    if base == "kube" {
        return FUNCTIONS
            .iter()
            .map(|f| {
                item(
                    f.name,
                    CompletionItemKind::FUNCTION,
                    format!("{} -> {}", f.signature(), f.returns),
                    globals::kube_markdown(f),
                )
            })
            .collect();
    }
    let library: Vec<CompletionItem> = globals::members(base)
        .map(|(name, doc)| {
            item(
                name,
                CompletionItemKind::FUNCTION,
                String::new(),
                doc.into(),
            )
        })
        .collect();
    if !library.is_empty() {
        return library;
    }
    let Some((root, steps)) = fields::parse_path(base) else {
        return Vec::new();
    };
    let Some(mut walk) = cursor.resolve(&root) else {
        return Vec::new();
    };
    for s in &steps {
        walk = walk.step(s);
    }
    walk.fields()
        .into_iter()
        .map(|(name, ty)| item(&name, CompletionItemKind::FIELD, ty, String::new()))
        .collect()
}

/// The entry point's whole function, indented like the current line, in
/// place of the word typed so far.
fn skeleton(cursor: &Cursor, pos: LspPosition, typed: &str, enc: Encoding) -> CompletionItem {
    let contract = cursor.contract().expect("in a script");
    let indent: String = cursor
        .line
        .chars()
        .take_while(|c| c.is_whitespace())
        .collect();
    let mut body = contract.skeleton(&indent);
    body.pop(); // the last line break: the cursor's line goes on
    let body = body
        .strip_prefix(indent.as_str())
        .unwrap_or(&body)
        .to_string();
    let typed_units: usize = typed
        .chars()
        .map(|c| match enc {
            Encoding::Utf16 => c.len_utf16(),
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf32 => 1,
        })
        .sum();
    let start = LspPosition::new(pos.line, pos.character.saturating_sub(typed_units as u32));
    CompletionItem {
        label: contract.signature(),
        kind: Some(CompletionItemKind::SNIPPET),
        detail: Some(format!("entry point of {}", contract.operation.name())),
        documentation: markdown(contract.markdown()),
        filter_text: Some(format!("function {}", contract.function())),
        sort_text: Some(format!("0{}", contract.function())),
        insert_text_format: Some(InsertTextFormat::PLAIN_TEXT),
        insert_text_mode: Some(InsertTextMode::AS_IS),
        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
            Range::new(start, pos),
            body,
        ))),
        ..CompletionItem::default()
    }
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
          local spec = obj.spec.template.spec
          local c = spec.containers[1]
          x = kube.
          y = obj.spec.template.spec.
          z = c.
          w = string.
        end
    healthInterpretation:
      luaScript: |
        fun
"
    );

    fn labels(line: u32, character: u32) -> Vec<String> {
        let l = layout(RIC);
        complete(RIC, &l, LspPosition::new(line, character), Encoding::Utf16)
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    #[test]
    fn kube_functions_after_kube_dot() {
        assert_eq!(
            labels(15, 19),
            [
                "resourceAdd",
                "getResourceQuantity",
                "accuratePodRequirements",
                "getPodDependencies"
            ]
        );
    }

    #[test]
    fn fields_of_the_target_kind() {
        let direct = labels(16, 37);
        assert!(direct.contains(&"containers".to_string()), "{direct:?}");
        assert!(direct.contains(&"tolerations".to_string()));
        // Through two locals: `c` is a Container.
        let via_alias = labels(17, 16);
        assert!(
            via_alias.contains(&"resources".to_string()),
            "{via_alias:?}"
        );
        assert!(via_alias.contains(&"image".to_string()));
        assert!(labels(18, 21).contains(&"format".to_string()));
    }

    #[test]
    fn inside_a_quoted_script() {
        let text = RIC.replace(
            "    healthInterpretation:\n      luaScript: |\n        fun\n",
            "    healthInterpretation:\n      luaScript: \"local k = require('kube') x = obj.spec.\"\n",
        );
        let l = layout(&text);
        let line = text
            .lines()
            .position(|l| l.contains("x = obj.spec."))
            .unwrap() as u32;
        let end = text.lines().nth(line as usize).unwrap().len() as u32 - 1;
        let items = complete(&text, &l, LspPosition::new(line, end), Encoding::Utf16);
        let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
        // InterpretHealth's parameter is observedObj, not obj: nothing.
        assert!(labels.is_empty(), "{labels:?}");
        let text = text.replace("x = obj.spec.", "x = observedObj.spec.");
        let l = layout(&text);
        let items = complete(&text, &l, LspPosition::new(line, end + 8), Encoding::Utf16);
        let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
        assert!(
            labels.contains(&"template") && labels.contains(&"replicas"),
            "{labels:?}"
        );
    }

    #[test]
    fn skeleton_of_the_missing_entry_point() {
        let l = layout(RIC);
        let items = complete(RIC, &l, LspPosition::new(22, 11), Encoding::Utf16);
        let sk = &items[0];
        assert_eq!(sk.label, "function InterpretHealth(observedObj)");
        let Some(CompletionTextEdit::Edit(edit)) = &sk.text_edit else {
            panic!("no edit")
        };
        assert_eq!(
            edit.range,
            Range::new(LspPosition::new(22, 8), LspPosition::new(22, 11))
        );
        assert!(edit.new_text.starts_with(
            "function InterpretHealth(observedObj)\n          if observedObj.status == nil then\n"
        ));
        assert!(edit.new_text.ends_with("\n        end"));
        assert!(labels(22, 11).contains(&"observedObj".to_string()));
        // Where the entry point exists, it is not offered again.
        assert!(!labels(13, 10).iter().any(|l| l.starts_with("function ")));
        // Outside scripts: nothing.
        assert!(labels(3, 4).is_empty());
    }
}
