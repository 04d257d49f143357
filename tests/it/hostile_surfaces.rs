//! Hostile inputs on the newer surfaces: `lint`, `test` (and its
//! coverage), `interpret --check` and the file walk. Each case runs as its
//! own process (`hostile::Sandbox`), bounded in time and peak memory from
//! the outside, and must end with a clear message instead of a crash
//! (exit 134), a hang, or output that other programs misread.

use crate::hostile::{Run, Sandbox, TIME_LIMIT, ric, verdict};

fn health(script: String) -> String {
    ric("healthInterpretation", &script)
}

const CASE: &str = "name: c\noperation: InterpretHealth\nobservedObj: {apiVersion: example.io/v1, kind: Widget, metadata: {name: w}}\noutput:\n  healthy: true\n";

/// Peak memory of a run, in MiB (0 without /usr/bin/time).
fn mib(r: &Run) -> u64 {
    r.max_rss_kib.unwrap_or(0) >> 10
}

/// Scripts nested past the documented limit (1000 levels) end with the
/// VM's "too many syntax levels" error at the line where the limit is
/// crossed, on every surface that reads a script; they used to overflow
/// the stack (exit 134).
#[test]
fn deep_nesting_is_a_syntax_error_everywhere() {
    let _serial = crate::timing_lock();
    let sb = Sandbox::new("deep");
    sb.file("cases.yaml", CASE);
    let n = 5000;
    let shapes: Vec<(&str, String, usize)> = vec![
        (
            "functions",
            format!(
                "function InterpretHealth(o) return {}o{} end",
                "(function() return ".repeat(n),
                " end)()".repeat(n)
            ),
            1,
        ),
        (
            "ifs",
            format!(
                "function InterpretHealth(o)\n{}return true\n{}end",
                "if o then\n".repeat(10 * n),
                "end\n".repeat(10 * n)
            ),
            // The 1000th `if` opens the 1001st level (the function is the
            // first): script line 1001.
            1001,
        ),
        (
            "while loops",
            format!(
                "function InterpretHealth(o)\n{}{}return true end",
                "while o do\n".repeat(n),
                "end\n".repeat(n)
            ),
            1001,
        ),
        (
            "calls",
            format!(
                "function InterpretHealth(o) return {}o{} end",
                "f(".repeat(n),
                ")".repeat(n)
            ),
            1,
        ),
        (
            "tables",
            format!(
                "function InterpretHealth(o) local t = {}{} return true end",
                "{".repeat(n),
                "}".repeat(n)
            ),
            1,
        ),
        (
            "unary operators",
            format!(
                "function InterpretHealth(o) return {}o end",
                "not ".repeat(n)
            ),
            1,
        ),
        (
            "concatenations",
            format!(
                "function InterpretHealth(o) return {} end",
                vec!["'a'"; 2 * n].join(" .. ")
            ),
            1,
        ),
    ];
    let mut report = String::new();
    for (what, script, line) in &shapes {
        let file = sb.file("deep.yaml", health(script.clone()));
        for args in [
            vec!["lint", &file],
            vec!["interpret", "-f", &file, "--check"],
            vec![
                "interpret",
                "-f",
                &file,
                "--operation",
                "InterpretHealth",
                "--observed-file",
                "widget.yaml",
            ],
            vec!["test", "cases.yaml", "-f", &file],
            vec!["test", "cases.yaml", "-f", &file, "--coverage"],
        ] {
            let r = sb.run(&args);
            let label = format!("{what} ({})", args[..args.len().min(4)].join(" "));
            report.push_str(&verdict(&label, &r));
            assert_eq!(r.code, 1, "{label}: {}", r.stderr);
            let all = format!("{}{}", r.stdout, r.stderr);
            assert!(
                all.contains(&format!("line:{line}("))
                    && all.contains("chunk has too many syntax levels"),
                "{label}: {all}"
            );
        }
    }
    eprintln!("{report}");
}

/// A chain of left-associative operators costs the VM nothing; the linter
/// reads chains up to 100 000 operators, and declines longer ones with a
/// finding instead of overflowing its stack.
#[test]
fn long_operator_chains_are_linted_or_declined() {
    let _serial = crate::timing_lock();
    let sb = Sandbox::new("chains");
    let sum = |n: usize| {
        health(format!(
            "function InterpretHealth(o)\nlocal s = {}\nreturn s > 0\nend",
            vec!["1"; n].join(" + ")
        ))
    };
    let ok = sb.file("sum.yaml", sum(60_000));
    let r = sb.run(&["lint", &ok]);
    verdict("60 000 terms", &r);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let long = sb.file("long.yaml", sum(150_000));
    let r = sb.run(&["lint", &long]);
    verdict("150 000 terms", &r);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .contains("an expression chains more than 100000 operators"),
        "{}",
        r.stdout
    );
    let r = sb.run(&["interpret", "-f", &long, "--check"]);
    verdict("150 000 terms, --check", &r);
    assert_eq!(r.code, 0, "{}", r.stdout);
}

/// `o[o[o[...]]]` took time exponential in its depth (30 levels: hours);
/// `and`/`or` chains quadratic in their length, in the linter and in the
/// VM's compiler (`--check`).
#[test]
fn lint_time_is_linear() {
    let _serial = crate::timing_lock();
    let sb = Sandbox::new("lint-time");
    let index = sb.file(
        "index.yaml",
        health(format!(
            "function InterpretHealth(o) return {}o{} ~= nil end",
            "o[".repeat(30),
            "]".repeat(30)
        )),
    );
    let r = sb.run(&["lint", &index]);
    verdict("o[o[...]] 30 deep", &r);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r.took.as_secs_f64() < 2.0, "{:?}", r.took);
    for n in [16_000, 40_000] {
        let file = sb.file(
            "andor.yaml",
            health(format!(
                "function InterpretHealth(o) return {} end",
                vec!["o"; n].join(" and ")
            )),
        );
        for args in [
            vec!["lint", &file],
            vec!["interpret", "-f", &file, "--check"],
        ] {
            let r = sb.run(&args);
            verdict(&format!("{n} and-terms ({})", args[0]), &r);
            assert_eq!(r.code, 0, "{n} {args:?}: {}{}", r.stdout, r.stderr);
            // Linear: far below the bound a quadratic pass would need.
            assert!(r.took < TIME_LIMIT / 2, "{n} {args:?}: {:?}", r.took);
        }
    }
}

/// The linter's syntax tree takes several hundred bytes per byte of
/// script: scripts over 256 KiB get their syntax checked only, so a large
/// file costs little memory.
#[test]
fn lint_memory_is_bounded() {
    let _serial = crate::timing_lock();
    let sb = Sandbox::new("lint-memory");
    let lines = sb.file(
        "lines.yaml",
        health(format!(
            "function InterpretHealth(o)\nlocal x = 0\n{}return x\nend",
            "x = o.status and o.status.a or x\n".repeat(60_000)
        )),
    );
    let one_line = sb.file(
        "line.yaml",
        health(format!(
            "function InterpretHealth(o) local x = 0 {}return x > 0 end",
            "x = x + 1 ".repeat(200_000)
        )),
    );
    let largest = sb.file(
        "largest.yaml",
        health(format!(
            "function InterpretHealth(o) local x = 0 {}return x > 0 end",
            "x = x + 1 ".repeat(25_000)
        )),
    );
    for (what, file, code, max_mib) in [
        ("2 MB script", &lines, 1, 64),
        ("2 MB line", &one_line, 1, 64),
        ("250 KB script", &largest, 0, 256),
    ] {
        let r = sb.run(&["lint", file]);
        verdict(what, &r);
        assert_eq!(r.code, code, "{what}: {}", r.stdout);
        assert!(mib(&r) < max_mib, "{what}: {} MiB", mib(&r));
        if code == 1 {
            assert!(
                r.stdout
                    .contains("kinterp's linter does not read scripts over 256 KiB"),
                "{what}: {}",
                r.stdout
            );
        }
    }
}

/// Runs kinterp in `dir` and kills it if it outlives `TIME_LIMIT` (a read
/// that never ends must fail the test, not hang it).
fn run_killed_after_limit(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    use std::io::Read;
    let mut child = std::process::Command::new(insta_cmd::get_cargo_bin("kinterp"))
        .current_dir(dir)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} still running after {TIME_LIMIT:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let (mut out, mut err) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code().unwrap_or(-1), out, err)
}

/// `-R` reads regular files only, each once: a link to `/dev/zero`, a
/// FIFO, and a link loop in the tree are passed over; `/dev/zero` named
/// directly is read up to the input limit and refused.
#[cfg(unix)]
#[test]
fn recursive_walks_read_regular_files_once() {
    let _serial = crate::timing_lock();
    let dir = std::env::temp_dir().join(format!("kinterp-special-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("tree/sub")).unwrap();
    std::fs::write(
        dir.join("tree/a.yaml"),
        health("function InterpretHealth(o)\n  return true\nend".into()),
    )
    .unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("tree/zero.yaml")).unwrap();
    std::os::unix::fs::symlink("a.yaml", dir.join("tree/link.yaml")).unwrap();
    std::os::unix::fs::symlink("..", dir.join("tree/sub/loop")).unwrap();
    let fifo = dir.join("tree/fifo.yaml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let (code, out, err) = run_killed_after_limit(&dir, &["lint", "-R", "tree", "-o", "json"]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["summary"]["files"], 1, "{out}");
    let (code, _, err) = run_killed_after_limit(&dir, &["lint", "tree/*.yaml"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run_killed_after_limit(&dir, &["lint", "tree/zero.yaml"]);
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "error: tree/zero.yaml: the input is larger than 128 MiB, the most kinterp reads\n"
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Keys, case names and file lines reach people escaped: no CR, LF, BEL
/// or ESC from a file gets to the terminal or the CI log, where a line
/// starting `::error` is a GitHub Actions command. `-o github` keeps its
/// own escaping (`%0D%0A`).
#[test]
fn untrusted_text_is_shown_escaped() {
    let _serial = crate::timing_lock();
    let sb = Sandbox::new("inject");
    let key = r#""bad\r\n::error file=evil.yaml,line=1::INJECTED\e[31m\a""#;
    let ric = health("function InterpretHealth(o) return true end".into())
        .replace("spec:\n", &format!("spec:\n  {key}: 1\n"));
    let file = sb.file("inj.yaml", ric);
    sb.file(
        "cases.yaml",
        CASE.replace("name: c", r#"name: "c\r\n::error::X\e[2J\a""#)
            .replace("healthy: true", "healthy: false"),
    );
    let escaped_key = r"bad\r\n::error file=evil.yaml,line=1::INJECTED\e[31m\x07";
    let r = sb.run(&["lint", &file]);
    verdict("injected key (lint)", &r);
    assert!(
        r.stdout
            .contains(&format!("unknown field `{escaped_key}` in `spec`")),
        "{}",
        r.stdout
    );
    let r2 = sb.run(&["test", "cases.yaml", "-f", &file]);
    verdict("injected case name (test)", &r2);
    assert!(
        r2.stdout
            .starts_with(r"FAIL cases.yaml: InterpretHealth: c\r\n::error::X\e[2J\x07"),
        "{}",
        r2.stdout
    );
    for out in [&r.stdout, &r.stderr, &r2.stdout, &r2.stderr] {
        assert!(
            !out.contains(['\r', '\x07', '\x1b']) && !out.contains("\n::"),
            "{out:?}"
        );
    }
    let r = sb.run(&["lint", &file, "-o", "github"]);
    assert!(
        r.stdout
            .contains("unknown field `bad%0D%0A::error file=evil.yaml"),
        "{}",
        r.stdout
    );
}

/// Case names holding characters XML 1.0 forbids (`\x01`, `\0`, ESC,
/// U+FFFE) give a JUnit report every XML parser reads.
#[test]
fn junit_reports_stay_well_formed() {
    let _serial = crate::timing_lock();
    let sb = Sandbox::new("junit");
    let file = sb.file(
        "ric.yaml",
        health("function InterpretHealth(o) return true end".into()),
    );
    let cases: String = [r"\x01", r"\0", r"\e", r"\uFFFE"]
        .iter()
        .map(|c| CASE.replace("name: c", &format!("name: \"case {c}\"")))
        .collect::<Vec<_>>()
        .join("---\n");
    sb.file("cases.yaml", cases);
    let report = std::env::temp_dir().join(format!("kinterp-junit-{}.xml", std::process::id()));
    let path = report.display().to_string();
    let r = sb.run(&["test", "cases.yaml", "-f", &file, "--junit", &path]);
    verdict("junit", &r);
    assert_eq!(r.code, 0, "{}", r.stdout);
    let xml = std::fs::read_to_string(&report).unwrap();
    let _ = std::fs::remove_file(&report);
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}: {xml}"));
    let names: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .filter_map(|n| n.attribute("name"))
        .collect();
    assert_eq!(
        names,
        [
            r"InterpretHealth: case \x01",
            r"InterpretHealth: case \x00",
            r"InterpretHealth: case \x1b",
            r"InterpretHealth: case \u{fffe}",
        ]
    );
}
