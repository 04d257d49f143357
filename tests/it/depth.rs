//! Nesting depth as karmadactl reads and returns it: objects and status
//! files 9 995 to 20 000 levels deep, in JSON arrays and objects, YAML
//! flow sequences and mappings, block sequences and block mappings, each
//! written by the test (the inputs are large) and run through Retain or
//! AggregateStatus with `testdata/parity/readers/ric.yaml`. What
//! karmadactl did is recorded in `testdata/parity/depth/recorded.txt`:
//! its output (length and FNV-1a hash: some are 100 MB), the reader's
//! message, or the script error. The test runs a probe of each kind of
//! verdict; `KINTERP_DEPTH_ALL=1` runs all of them (minutes, 100 MB outputs).

use std::path::Path;

use crate::kinterp;

/// One probe of each verdict: an output, each reader's message, each
/// result error.
const QUICK: &[&str] = &[
    "obj jarr 9997",
    "obj jarr 9998",
    "obj jobj 9999",
    "obj fseq 10000",
    "obj fmap 10001",
    "obj bseq 10000",
    "obj bmap 9999",
    "status jarr 9995",
    "status jarr 9997",
    "status fseq 9999",
    "status bseq 20000",
];

fn inner(form: &str, n: usize) -> String {
    match form {
        "jarr" | "fseq" => format!("{}1{}", "[".repeat(n), "]".repeat(n)),
        "jobj" => format!("{}1{}", "{\"a\":".repeat(n), "}".repeat(n)),
        _ => format!("{}1{}", "{a: ".repeat(n), "}".repeat(n)),
    }
}

/// The input of a probe, as it was given to karmadactl.
fn input(kind: &str, form: &str, n: usize) -> String {
    let json = form.starts_with('j');
    let (open, head) = match kind {
        "obj" if json => (
            "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\"},\"spec\":{\"x\":",
            "",
        ),
        "obj" => (
            "",
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  x:",
        ),
        _ if json => ("{\"clusterName\":\"a\",\"status\":{\"x\":", ""),
        _ => ("", "clusterName: a\nstatus:\n  x:"),
    };
    match form {
        _ if json => format!("{open}{}}}}}\n", inner(form, n)),
        "fseq" | "fmap" => format!("{head} {}\n", inner(form, n)),
        "bseq" => format!("{head}\n  {}1\n", "- ".repeat(n)),
        _ => {
            let mut s = format!("{head}\n");
            for i in 0..n {
                s.push_str(&" ".repeat(3 + i));
                s.push_str("a:\n");
            }
            s.push_str(&" ".repeat(3 + n));
            s.push_str("1\n");
            s
        }
    }
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[test]
fn depth_matches_karmadactl_recordings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let recorded = std::fs::read_to_string(root.join("testdata/parity/depth/recorded.txt"))
        .expect("recordings");
    let all = std::env::var_os("KINTERP_DEPTH_ALL").is_some();
    let dir = std::env::temp_dir().join(format!("kinterp-it-depth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let readers = root.join("testdata/parity/readers");
    let (mut checked, mut failures) = (0, Vec::new());
    for line in recorded.lines() {
        let mut words = line.splitn(5, ' ');
        let (kind, form, n) = (
            words.next().unwrap(),
            words.next().unwrap(),
            words.next().unwrap(),
        );
        let (verdict, rest) = (words.next().unwrap(), words.next().unwrap_or(""));
        let probe = format!("{kind} {form} {n}");
        if verdict == "differs" || !(all || QUICK.contains(&probe.as_str())) {
            continue;
        }
        let ext = if form.starts_with('j') {
            "json"
        } else {
            "yaml"
        };
        let file = dir.join(format!("{kind}-{form}-{n}.{ext}"));
        std::fs::write(&file, input(kind, form, n.parse().unwrap())).unwrap();
        let (op, flag) = match kind {
            "obj" => ("Retain", "--observed-file"),
            _ => ("AggregateStatus", "--status-file"),
        };
        let out = kinterp()
            .current_dir(&readers)
            .args(["interpret", "-f", "ric.yaml", "--operation", op])
            .args(["--desired-file", "desired.yaml", flag])
            .arg(&file)
            .output()
            .expect("kinterp runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let ok = match verdict {
            "ok" => {
                let got = format!("{} {:016x}", out.stdout.len(), fnv(&out.stdout));
                out.status.code() == Some(0) && got == rest
            }
            // An input error naming the file, with Go's reader's message.
            "input" => {
                out.status.code() == Some(2) && stderr.trim_end().ends_with(&format!(": {rest}"))
            }
            // A script's result refused: karmadactl's message exactly.
            _ => out.status.code() == Some(1) && stderr.trim_end() == rest,
        };
        checked += 1;
        if !ok {
            let short: String = stderr.chars().take(400).collect();
            failures.push(format!(
                "{probe}: want {verdict} {rest:.200}; got exit {:?}, {} bytes out, {short}",
                out.status.code(),
                out.stdout.len()
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(checked >= QUICK.len(), "only {checked} probes");
    assert!(
        failures.is_empty(),
        "{} of {checked} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
