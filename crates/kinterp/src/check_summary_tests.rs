//! Answers from summaries (`toplevel`) are exactly the answers of running
//! the scripts: both ways over every script in the repository, and over
//! hand-written corners. (The shared conformance cases hold no scripts:
//! they test the bundled ones, compared here.)

use std::path::{Path, PathBuf};

use super::*;

const LIMIT: Option<usize> = Some(256 << 20);

/// A customization holding `scripts` (by `Operation::ALL` index).
fn customization(scripts: [Option<String>; 8]) -> Customization {
    Customization {
        file: "c.yaml".into(),
        name: "c".into(),
        api_version: "v1".into(),
        kind: "Pod".into(),
        scripts,
        origin: None,
    }
}

/// A customization with `script` as the rule `op`.
fn single(script: &str, op: Operation) -> Customization {
    let mut scripts: [Option<String>; 8] = Default::default();
    scripts[op as usize] = Some(script.to_string());
    customization(scripts)
}

/// Lints `c` both ways and asserts the same answers; returns them.
fn both_ways(c: &Customization, what: &str) -> Linted {
    let summarized = lint(c, LIMIT, true).unwrap();
    let ran = lint(c, LIMIT, false).unwrap();
    assert_eq!(summarized, ran, "{what}");
    summarized
}

/// Whether the script's rule `op` is answered from its summary.
fn summarized(script: &str, op: Operation) -> bool {
    matches!(plan(script, op), Plan::Summary(_))
}

/// Every script of `dir`: the rules of its customization files (as
/// customizations) and its `.lua` files (as single scripts).
fn scripts_in(dir: &Path, customizations: &mut Vec<(String, Customization)>) {
    let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(d) => d.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(_) => return,
    };
    entries.sort();
    for path in entries {
        if path.is_dir() {
            scripts_in(&path, customizations);
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let what = path.display().to_string();
        match path.extension().and_then(|e| e.to_str()) {
            Some("lua") => {
                for op in Operation::ALL {
                    customizations.push((what.clone(), single(&text, op)));
                }
            }
            Some("yaml" | "yml") => {
                let Ok((docs, _)) = crate::load::documents_and_warnings(&what, &text) else {
                    continue;
                };
                for doc in docs {
                    if let Document::Customization(c) = doc {
                        customizations.push((what.clone(), c));
                    }
                }
            }
            _ => {}
        }
    }
}

/// Compares both ways over the scripts under `dirs`; returns how many
/// rule scripts there were and how many a summary answered.
fn compare_under(dirs: &[&Path]) -> (usize, usize) {
    let mut customizations = Vec::new();
    for dir in dirs {
        scripts_in(dir, &mut customizations);
    }
    let mut seen = std::collections::HashSet::new();
    let (mut scripts, mut fast) = (0, 0);
    for (what, c) in &customizations {
        if !seen.insert(c.scripts.clone()) {
            continue;
        }
        both_ways(c, what);
        for op in Operation::ALL {
            if let Some(s) = c.script(op).filter(|s| !s.is_empty()) {
                scripts += 1;
                fast += usize::from(summarized(s, op));
            }
        }
    }
    (scripts, fast)
}

#[test]
fn repository_scripts_agree() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // testdata holds files nested as deep as Go's readers allow.
    let (scripts, fast) = crate::deep::with_stack(|| {
        compare_under(&[&root.join("src/thirdparty"), &root.join("../../testdata")])
    });
    eprintln!("summaries answered {fast} of {scripts} repository rule scripts");
    assert!(scripts > 2000, "found only {scripts} scripts");
    // The bundled customizations are nearly all summarized.
    let (bundled, bundled_fast) = compare_under(&[&root.join("src/thirdparty")]);
    eprintln!("summaries answered {bundled_fast} of {bundled} bundled rule scripts");
    assert!(
        bundled_fast * 10 >= bundled * 9,
        "{bundled_fast} of {bundled}"
    );
}

/// `n` locals in one function.
fn locals(n: usize) -> String {
    let mut s = String::from("function InterpretHealth(obj)\n");
    for i in 0..n {
        s.push_str(&format!("  local v{i} = {i}\n"));
    }
    s + "  return true\nend\n"
}

#[test]
fn corners_agree() {
    let health = Operation::InterpretHealth;
    let deep = format!(
        "function InterpretHealth(obj)\n  return {}1{}\nend\n",
        "(".repeat(150),
        ")".repeat(150)
    );
    let concat = format!(
        "function InterpretHealth(obj)\n  return 'a'{}\nend\n",
        " .. 'a'".repeat(250)
    );
    let args = format!(
        "function InterpretHealth(obj)\n  return f({})\nend\n",
        vec!["1"; 300].join(", ")
    );
    // Two near misses far apart, the environment rehashed in between: the
    // hint names the first one defined.
    let mut many = String::from("function InterpretHealtt(o) end\n");
    for i in 0..40 {
        many.push_str(&format!("function F{i}() end\n"));
    }
    many.push_str("function InterpretHealt(o) end\nfunction F3() end\n");
    let mut upvalues = String::new();
    for i in 0..70 {
        upvalues.push_str(&format!("local u{i} = {i}\n"));
    }
    upvalues.push_str("function InterpretHealth(obj)\n  return u0");
    for i in 1..70 {
        upvalues.push_str(&format!(" + u{i}"));
    }
    upvalues.push_str("\nend\n");
    // (script, answered from its summary)
    let cases: Vec<(String, bool)> = vec![
        ("function InterpretHealth(o) return true end".into(), true),
        (
            "function Healthy(o) end\nfunction InterpretHealth2(o) end".into(),
            true,
        ),
        (
            "function InterpretHealt(o) end\nfunction InterpretHealt(o) end".into(),
            true,
        ),
        (
            "function A() end function B() end function A() end".into(),
            true,
        ),
        (
            "local kube = require(\"kube\")\nfunction InterpretHealth(o) end".into(),
            true,
        ),
        (
            "local t = {a = 1, [\"b\"] = {2, 3}; 4}\nlocal n = -1\nlocal f = math.floor".into(),
            true,
        ),
        (
            "local InterpretHealth\nfunction InterpretHealth() end".into(),
            true,
        ),
        ("function a.b() end".into(), false),
        (
            "function string:b() end\nfunction InterpretHealth() end".into(),
            false,
        ),
        ("print('x')\nfunction InterpretHealth() end".into(), false),
        ("InterpretHealth = 5".into(), false),
        ("InterpretHealth = function() end".into(), false),
        (
            "local f = function() end\nfunction InterpretHealth() end".into(),
            false,
        ),
        ("error('top')".into(), false),
        ("local k = require('json')".into(), false),
        ("local x = nothing.field".into(), false),
        (
            "function InterpretHealth()\n  goto done\n  ::done::\nend".into(),
            false,
        ),
        (
            "function InterpretHealth()\n  goto nowhere\nend".into(),
            false,
        ),
        (
            "local a = ...\nfunction InterpretHealth() end".into(),
            false,
        ),
        ("function InterpretHealth() return ... end".into(), false),
        ("function InterpretHealth(...) return ... end".into(), true),
        ("function InterpretHealth() break end".into(), false),
        (
            "function InterpretHealth() while true do break end end".into(),
            true,
        ),
        (
            "function InterpretHealth() local x = 1y = 2 end".into(),
            false,
        ),
        ("function InterpretHealth() return 1..2 end".into(), false),
        (
            "function InterpretHealth() return 0x10, 1e5, .5, 3. end".into(),
            true,
        ),
        (many.clone(), true),
        (locals(100), true),
        (locals(250), false),
        (deep, false),
        (concat, false),
        (args, false),
        (upvalues, false),
    ];
    for (script, fast) in &cases {
        assert_eq!(summarized(script, health), *fast, "{script}");
        for op in Operation::ALL {
            both_ways(&single(script, op), script);
        }
    }
    let warnings = both_ways(&single(&many, health), "many").1;
    assert_eq!(
        warnings[0].hints,
        ["it defines InterpretHealtt; did you mean InterpretHealth?"]
    );
    // PUC's limits were reached where the summary stood aside.
    let rules = both_ways(&single(&locals(250), health), "250 locals").0;
    assert!(
        matches!(&rules[6].1, RuleResult::Error(e) if e.message.contains("more than 200 local variables")),
        "{rules:?}"
    );
}

#[test]
fn shared_state_summaries_wait_for_scripts_that_run() {
    let require = "local kube = require('kube')\nfunction Retain(d, o) return d end".to_string();
    let looks =
        "if package.loaded.kube then error('loaded before') end\nfunction GetReplicas() end"
            .to_string();
    let breaks = "package.preload.kube = nil\nfunction ReviseReplica() end".to_string();
    for scripts in [
        // A later script sees what `require` did.
        [
            Some(require.clone()),
            Some(looks.clone()),
            None,
            None,
            None,
            None,
            None,
            None,
        ],
        // An earlier script changes what `require` finds.
        [
            Some(breaks),
            None,
            None,
            Some(require),
            None,
            None,
            None,
            None,
        ],
    ] {
        let c = customization(scripts);
        let (rules, warnings) = both_ways(&c, "shared state");
        assert!(!rules.is_empty());
        let texts: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
        assert!(
            texts.iter().any(|t| t.contains("top level fails")),
            "{texts:?}"
        );
    }
}

#[test]
fn small_memory_limits_run_every_script() {
    let c = single("function Retain(d, o) return d end", Operation::Retain);
    let small = Some(SUMMARY_MEMORY - 1);
    assert_eq!(lint(&c, small, true), lint(&c, small, false));
    assert_eq!(
        lint(&c, LIMIT, true).unwrap().0[0],
        (Operation::Retain, RuleResult::Pass)
    );
}
