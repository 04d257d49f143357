//! Hostile inputs: malformed files, bombs and sandbox escapes. Each must end
//! with the documented exit code and a first error line that says what went
//! wrong, within 2 s (release build; see `TIME_LIMIT`) and 512 MiB,
//! touching no file.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::kinterp;

pub(crate) const WIDGET: &str = "apiVersion: example.io/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 2\nstatus:\n  ok: true\n";

pub(crate) fn ric(rule: &str, script: &str) -> String {
    let body: String = script.lines().map(|l| format!("        {l}\n")).collect();
    format!(
        "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata:\n  name: hostile\nspec:\n  target:\n    apiVersion: example.io/v1\n    kind: Widget\n  customizations:\n    {rule}:\n      luaScript: |\n{body}"
    )
}

fn health(body: &str) -> String {
    ric(
        "healthInterpretation",
        &format!("function InterpretHealth(obj)\n{body}\nend"),
    )
}

fn status(body: &str) -> String {
    ric(
        "statusReflection",
        &format!("function ReflectStatus(obj)\n{body}\nend"),
    )
}

pub(crate) struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    pub took: Duration,
    pub max_rss_kib: Option<u64>,
}

pub(crate) struct Sandbox {
    pub dir: PathBuf,
}

impl Sandbox {
    pub fn new(name: &str) -> Sandbox {
        let dir =
            std::env::temp_dir().join(format!("kinterp-hostile-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("widget.yaml"), WIDGET).unwrap();
        std::fs::write(dir.join("keep.txt"), "do not touch\n").unwrap();
        Sandbox { dir }
    }

    pub fn file(&self, name: &str, content: impl AsRef<[u8]>) -> String {
        std::fs::write(self.dir.join(name), content).unwrap();
        name.to_string()
    }

    fn listing(&self) -> Vec<(String, Vec<u8>)> {
        let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&self.dir)
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                (
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    std::fs::read(&p).unwrap_or_default(),
                )
            })
            .collect();
        out.sort();
        out
    }

    /// Runs kinterp in the sandbox directory, measuring time and peak memory.
    pub fn run(&self, args: &[&str]) -> Run {
        let before = self.listing();
        let time_out = self
            .dir
            .join("..")
            .join(format!("kinterp-hostile-rss-{}", std::process::id()));
        let use_time = Path::new("/usr/bin/time").exists();
        let mut cmd = if use_time {
            let mut c = std::process::Command::new("/usr/bin/time");
            c.arg("-f")
                .arg("%M")
                .arg("-o")
                .arg(&time_out)
                .arg(insta_cmd::get_cargo_bin("kinterp"));
            c
        } else {
            kinterp()
        };
        cmd.current_dir(&self.dir)
            .args(args)
            .env("RUST_BACKTRACE", "1");
        let start = Instant::now();
        let out = cmd.output().unwrap();
        let took = start.elapsed();
        let max_rss_kib = use_time
            .then(|| std::fs::read_to_string(&time_out).ok())
            .flatten()
            .and_then(|s| s.lines().last().and_then(|l| l.trim().parse().ok()));
        assert_eq!(before, self.listing(), "{args:?} changed files");
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            took,
            max_rss_kib,
        }
    }
}

/// How long a hostile case may take. The promise (docs/security.md) is
/// 2 s for the release build; a debug build runs the same work several
/// times slower (a 200 000-element array takes 1.2 s there on an idle
/// machine), so it gets a bound scaled to match: still far below what an
/// unbounded loop or a quadratic step would take.
pub(crate) const TIME_LIMIT: Duration = if cfg!(debug_assertions) {
    Duration::from_secs(8)
} else {
    Duration::from_secs(2)
};

/// Checks the common promises and returns `code | first stderr line`.
pub(crate) fn verdict(what: &str, r: &Run) -> String {
    assert!(r.took < TIME_LIMIT, "{what}: took {:?}", r.took);
    if let Some(kib) = r.max_rss_kib {
        assert!(kib < 512 * 1024, "{what}: used {kib} KiB");
    }
    assert!(
        !r.stderr.contains("panicked") && !r.stderr.contains("stack backtrace"),
        "{what}: {}",
        r.stderr
    );
    let first = r.stderr.lines().next().unwrap_or("").to_string();
    let first: String = first.chars().take(160).collect();
    format!("{what}: exit {} | {first}\n", r.code)
}

#[test]
fn malformed_input_files() {
    let _serial = crate::timing_lock();
    let sb = Sandbox::new("inputs");
    let ok_ric = sb.file("ok.yaml", health("return obj.status.ok"));
    let mut report = String::new();
    let interp = |ric: &str, obj: &str| -> Vec<String> {
        [
            "interpret",
            "-f",
            ric,
            "--operation",
            "InterpretHealth",
            "--observed-file",
            obj,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let mut case = |what: &str, args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = sb.run(&args);
        report.push_str(&verdict(what, &r));
        r
    };
    let empty = sb.file("empty.yaml", "");
    let r = case("empty customization file", interp(&empty, "widget.yaml"));
    assert_eq!(r.code, 2, "a file without any document is an input error");
    let r = case("empty object file", interp(&ok_ric, &empty));
    assert_eq!(r.code, 2);
    let garbage: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let bin = sb.file("garbage.yaml", &garbage);
    assert_eq!(case("binary garbage", interp(&bin, "widget.yaml")).code, 2);
    let latin1 = sb.file(
        "latin1.yaml",
        b"apiVersion: v1\nkind: Widget\nmetadata: {name: caf\xe9}\n",
    );
    // Read as karmadactl reads it (the byte that is not UTF-8 is U+FFFD):
    // the object reaches the script, which fails on its missing status.
    assert_eq!(case("non-UTF-8 object", interp(&ok_ric, &latin1)).code, 1);
    let mut bomb = String::from(
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n",
    );
    for i in 1..10 {
        let prev = (b'a' + i - 1) as char;
        let cur = (b'a' + i) as char;
        bomb.push_str(&format!("{cur}: &{cur} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"));
    }
    bomb.push_str("apiVersion: v1\nkind: Widget\n");
    let bomb = sb.file("laughs.yaml", bomb);
    assert_eq!(case("billion laughs", interp(&ok_ric, &bomb)).code, 2);
    let deep = sb.file(
        "deep.json",
        format!("{}{}", "[".repeat(5000), "]".repeat(5000)),
    );
    assert_eq!(
        case("5000-level nested JSON", interp(&ok_ric, &deep)).code,
        2
    );
    let big = sb.file(
        "big-string.yaml",
        format!("apiVersion: example.io/v1\nkind: Widget\nmetadata: {{name: w}}\nstatus: {{ok: true, blob: \"{}\"}}\n", "x".repeat(10 << 20)),
    );
    let r = case("10 MB string", interp(&ok_ric, &big));
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "---\n# [1/1] healthy:\ntrue\n")
    );
    let huge_num = sb.file("huge-number.json", "{\"apiVersion\": \"example.io/v1\", \"kind\": \"Widget\", \"status\": {\"ok\": true, \"n\": 1e400}}");
    // Go's YAML reader keeps a float that overflows as the string "1e400";
    // so does kinterp. Its JSON reader fails on it (readers/obj/big_*).
    let kind_of_n = sb.file(
        "kind-of-n.yaml",
        status("return {n = type(obj.status.n) .. ':' .. tostring(obj.status.n)}"),
    );
    let huge_yaml = sb.file(
        "huge-number.yaml",
        // (`n:` itself would be the key "false" in YAML 1.1, as in Go.)
        "apiVersion: example.io/v1\nkind: Widget\nstatus: {ok: true, \"n\": 1e400}\n",
    );
    for (what, file, want) in [
        ("1e400 in JSON input", &huge_num, (2, "")),
        (
            "1e400 in YAML input",
            &huge_yaml,
            (0, "{\"status\":{\"n\":\"string:1e400\"}}\n"),
        ),
    ] {
        let r = case(
            what,
            [
                "interpret",
                "-f",
                &kind_of_n,
                "--operation",
                "InterpretStatus",
                "--observed-file",
                file,
                "-o",
                "json",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        );
        assert_eq!((r.code, r.stdout.as_str()), want, "{what}");
    }
    let dup = sb.file(
        "dup.yaml",
        "apiVersion: example.io/v1\nkind: Widget\nkind: Gadget\n",
    );
    // Go's YAML reader keeps the last value of a duplicate key; kinterp
    // does too, and warns with the file and line.
    let r = case("duplicate keys", interp(&ok_ric, &dup));
    assert_eq!(r.code, 1, "kind: Gadget has no health rule");
    assert!(
        r.stderr.starts_with(
            "warning: dup.yaml:3:1: duplicate key \"kind\": the last value is used, as Karmada does\n"
        ),
        "{}",
        r.stderr
    );
    let scalar_status = sb.file("scalar-status.yaml", "just a string\n");
    let agg = sb.file(
        "agg.yaml",
        ric(
            "statusAggregation",
            "function AggregateStatus(obj, items)\n  return obj\nend",
        ),
    );
    let r = case(
        "status file holding a scalar",
        [
            "interpret",
            "-f",
            &agg,
            "--operation",
            "AggregateStatus",
            "--desired-file",
            "widget.yaml",
            "--status-file",
            &scalar_status,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    );
    assert_eq!(r.code, 2);
    let nospec = sb.file("nospec.yaml", "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata: {name: nospec}\n");
    assert_eq!(
        case("RIC missing spec (run)", interp(&nospec, "widget.yaml")).code,
        1
    );
    let r = case(
        "RIC missing spec (check)",
        vec![
            "interpret".into(),
            "-f".into(),
            nospec.clone(),
            "--check".into(),
        ],
    );
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("target.kind no set"));
    assert_eq!(
        case(
            "file of the wrong kind",
            interp("widget.yaml", "widget.yaml")
        )
        .code,
        2
    );
    let second = sb.file(
        "second.yaml",
        health("return false").replace("name: hostile", "name: a-first"),
    );
    let r = case("second RIC for the same target", {
        let mut a = interp(&ok_ric, "widget.yaml");
        a.extend(["-f".to_string(), second.clone(), "-o".into(), "json".into()]);
        a
    });
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "{\"healthy\":false}\n"),
        "the first by name wins"
    );
    let mut arr =
        String::from("apiVersion: example.io/v1\nkind: Widget\nstatus:\n  ok: true\n  items:\n");
    for i in 0..200_000 {
        arr.push_str(&format!("  - {i}\n"));
    }
    let arr = sb.file("huge-array.yaml", arr);
    let count = sb.file("count.yaml", status("return {n = #obj.status.items}"));
    let r = case(
        "huge array",
        [
            "interpret",
            "-f",
            &count,
            "--operation",
            "InterpretStatus",
            "--observed-file",
            &arr,
            "-o",
            "json",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "{\"status\":{\"n\":200000}}\n")
    );
    insta::assert_snapshot!(report);
}

#[test]
fn hostile_scripts() {
    let _serial = crate::timing_lock();
    let sb = Sandbox::new("scripts");
    let mut report = String::new();
    let cases: &[(&str, String, i32)] = &[
        (
            "pcall catches an error",
            health("local ok, e = pcall(error, 'boom')\nreturn not ok and e == 'boom'"),
            0,
        ),
        (
            "unbounded recursion",
            health("local function f(n) return 1 + f(n + 1) end\nreturn f(1) > 0"),
            1,
        ),
        (
            "string doubling",
            health("local s = 'x'\nwhile true do s = s .. s end"),
            1,
        ),
        (
            "table growth",
            health("local t = {}\nlocal i = 0\nwhile true do i = i + 1; t[i] = {i} end"),
            1,
        ),
        ("infinite loop", health("while true do end"), 1),
        (
            "infinite loop inside pcall",
            health("while true do pcall(function() while true do end end) end"),
            1,
        ),
        ("io", health("return io.open('keep.txt', 'w') ~= nil"), 1),
        (
            "os.execute",
            health("os.execute('touch pwned')\nreturn true"),
            1,
        ),
        ("os.getenv", health("return os.getenv('HOME') ~= nil"), 1),
        ("os.remove", health("os.remove('keep.txt')\nreturn true"), 1),
        (
            "require os",
            health("local o = require('os')\nreturn o.execute == nil and o.remove == nil"),
            0,
        ),
        ("require io", health("return require('io') ~= nil"), 1),
        ("debug", health("return debug.getinfo(1) ~= nil"), 1),
        ("string.dump", health("return string.dump(print) ~= nil"), 1),
        ("load", health("return load('return 1') ~= nil"), 1),
        (
            "loadstring",
            health("return loadstring('return 1') ~= nil"),
            1,
        ),
        ("dofile", health("return dofile('keep.txt') ~= nil"), 1),
        (
            "getmetatable of a string",
            health("return getmetatable('') ~= nil"),
            1,
        ),
        (
            "setmetatable",
            health("return setmetatable({}, {}) ~= nil"),
            1,
        ),
        ("rawset on _G", health("rawset(_G, 'x', 1)\nreturn true"), 1),
        ("NaN result", status("return {v = 0/0}"), 1),
        ("inf result", status("return {v = 1/0}"), 1),
        ("-0 result", status("return {v = -0.0}"), 0),
        (
            "self-referencing table",
            status("local t = {}\nt.self = t\nreturn t"),
            1,
        ),
    ];
    for (what, script, want) in cases {
        let file = sb.file("ric.yaml", script);
        let op = if script.contains("ReflectStatus") {
            "InterpretStatus"
        } else {
            "InterpretHealth"
        };
        // A 32 MiB cap makes the growth bombs end by memory, well before the
        // 1 s budget, so the report does not depend on the machine's speed.
        let r = sb.run(&[
            "--lua-memory-limit",
            "32",
            "interpret",
            "-f",
            &file,
            "--operation",
            op,
            "--observed-file",
            "widget.yaml",
            "-o",
            "json",
        ]);
        report.push_str(&verdict(what, &r));
        assert_eq!(r.code, *want, "{what}: {}", r.stderr);
        if *want == 1 {
            assert!(
                r.stderr.starts_with(&format!("Execute {op} error: ")),
                "{what}: {}",
                r.stderr
            );
        }
    }
    assert!(sb.dir.join("keep.txt").exists() && !sb.dir.join("pwned").exists());
    insta::assert_snapshot!(report);
}
