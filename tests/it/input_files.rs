//! Input files read as Karmada reads them: YAML 1.1 scalars, keys and
//! duplicate keys replayed against karmadactl's recorded results
//! (`testdata/parity/yaml11/recorded.json`), and files without any document.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn kinterp(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kinterp"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("kinterp runs")
}

/// The arguments of AggregateStatus of `ric.yaml` over `d.yaml`, with the
/// status file `status` and the further arguments `extra`.
fn aggregate_args<'a>(status: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "interpret",
        "-f",
        "ric.yaml",
        "--operation",
        "AggregateStatus",
        "--desired-file",
        "d.yaml",
        "--status-file",
        status,
    ];
    args.extend_from_slice(extra);
    args
}

/// AggregateStatus in `dir`; see `aggregate_args`.
fn aggregate(dir: &Path, status: &str, extra: &[&str]) -> Output {
    kinterp(dir, &aggregate_args(status, extra))
}

/// A scratch folder holding the customization `ric` as `ric.yaml` and a
/// Deployment as `d.yaml`.
fn with_deployment(name: &str, ric: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::write(dir.join("ric.yaml"), ric).expect("write");
    std::fs::write(
        dir.join("d.yaml"),
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: p\n",
    )
    .expect("write");
    dir
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kinterp-input-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Each recorded probe: the same stdout when karmadactl succeeded; a
/// failure whose message holds karmadactl's when it failed; a warning for
/// each duplicate key.
#[test]
fn yaml_input_as_karmadactl_reads_it() {
    let fixture: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/parity/yaml11/recorded.json"),
        )
        .expect("fixture"),
    )
    .expect("fixture is JSON");
    let dir = scratch("yaml11");
    std::fs::write(
        dir.join("ric.yaml"),
        fixture["customization"].as_str().expect("customization"),
    )
    .expect("write");
    let cases = fixture["cases"].as_array().expect("cases");
    assert!(cases.len() > 300, "{} cases", cases.len());
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().expect("name");
        let case_dir = dir.join(name);
        std::fs::create_dir_all(&case_dir).expect("folder");
        for (file, body) in case["files"].as_object().expect("files") {
            std::fs::write(case_dir.join(file), body.as_str().expect("text")).expect("write");
        }
        let mut args = vec!["interpret", "-f", "../ric.yaml"];
        args.extend(
            case["args"]
                .as_array()
                .expect("args")
                .iter()
                .map(|a| a.as_str().expect("arg")),
        );
        let out = kinterp(&case_dir, &args);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        let ok = match (&case["stdout"], &case["error"]) {
            (Value::String(want), _) => out.status.success() && stdout == *want,
            (_, Value::String(want)) => !out.status.success() && stderr.contains(want.as_str()),
            _ => panic!("{name}: neither stdout nor error recorded"),
        };
        let duplicate = name.contains("dup-");
        if !ok || duplicate != stderr.contains("duplicate key") {
            failures.push(format!(
                "{name}: exit {:?}\n--- stdout\n{stdout}--- stderr\n{stderr}--- want\n{}",
                out.status.code(),
                case
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} of {} probes differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

const RIC: &str = "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata:\n  name: agg\nspec:\n  target:\n    apiVersion: apps/v1\n    kind: Deployment\n  customizations:\n    statusAggregation:\n      luaScript: |\n        function AggregateStatus(desired, items)\n          desired.status = {n = #items}\n          return desired\n        end\n";

/// An object or customization file with no document is an error naming
/// it (karmadactl panics on the first and passes `--check` on the second:
/// a lint in CI must not pass on nothing). A status file with no document
/// holds no items, as in karmadactl: AggregateStatus over no members.
#[test]
fn files_without_a_document() {
    let dir = with_deployment("empty", RIC);
    let none = "{\"aggregatedStatus\":{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"p\"},\"status\":{\"n\":0}}}\n";
    for (file, body) in [
        ("empty.yaml", ""),
        ("comments.yaml", "# nothing here\n---\n...\n"),
        ("blank.json", "\n \n"),
        ("none.json", "[]\n"),
    ] {
        std::fs::write(dir.join(file), body).expect("write");
        let out = aggregate(&dir, file, &["-o", "json"]);
        assert_eq!(
            (out.status.code(), text(&out.stderr), text(&out.stdout)),
            (Some(0), String::new(), none.to_string()),
            "--status-file {file}"
        );
        if file == "none.json" {
            continue;
        }
        let want = format!("error: {file}: no YAML or JSON document in the file\n");
        let out = kinterp(&dir, &["interpret", "-f", file, "--check"]);
        assert_eq!(
            (out.status.code(), text(&out.stderr)),
            (Some(2), want.clone()),
            "--check {file}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Sums every item, and names some, so that two runs over the same items
/// print the same only if they read all of them alike.
const SUM_RIC: &str = "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata:\n  name: sum\nspec:\n  target:\n    apiVersion: apps/v1\n    kind: Deployment\n  customizations:\n    statusAggregation:\n      luaScript: |\n        function AggregateStatus(desired, items)\n          local sum, names = 0, {}\n          for i, item in ipairs(items) do\n            sum = sum + (item.status and item.status.replicas or 0)\n            if i % 1000 == 1 or i == #items then names[#names + 1] = item.clusterName end\n          end\n          desired.status = {n = #items, replicas = sum, names = table.concat(names, ',')}\n          return desired\n        end\n";

/// `aggregate` with the status items on standard input.
fn aggregate_stdin(dir: &Path, items: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_kinterp"))
        .args(aggregate_args("-", &["-o", "json"]))
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kinterp runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let items = items.to_string();
    let feed = std::thread::spawn(move || stdin.write_all(items.as_bytes()));
    let out = child.wait_with_output().expect("kinterp ends");
    feed.join().expect("feeder").expect("stdin written");
    out
}

/// A large status file is read in place (mapped, and its pages given
/// back as the reader passes them): its items are those read from
/// standard input, which is copied into memory. JSON and YAML, both on
/// the fast readers' paths and when an unusual last item sends the whole
/// file back to the full reader, which reads the pages given back again.
#[test]
fn a_large_status_file_reads_as_standard_input() {
    let dir = with_deployment("large", SUM_RIC);
    let items: String = (0..20_000)
        .map(|i| {
            format!(
                "{{\"clusterName\": \"member{i}\", \"applied\": true, \"status\": {{\"replicas\": {}}}}}\n",
                i % 7
            )
        })
        .collect();
    // Past the mapped reader's threshold (512 KiB), and past the point
    // where it first gives pages back (1 MiB and 64 KiB).
    assert!(items.len() > (1 << 20) + (64 << 10));
    let unusual =
        format!("{items}{{\"clusterName\": \"tab\\tbed\", \"status\": {{\"replicas\": 1.5}}}}\n");
    // The same items as YAML, given back as the YAML reader passes them;
    // a duplicate key at the end sends the file to the full reader.
    let yaml: String = (0..20_000)
        .map(|i| {
            format!(
                "---\nclusterName: member{i}\napplied: true\nstatus:\n  replicas: {}\n",
                i % 7
            )
        })
        .collect();
    assert!(yaml.len() > (1 << 20) + (64 << 10));
    let yaml_unusual = format!("{yaml}---\nclusterName: a\nclusterName: b\n");
    for (file, body, n) in [
        ("fast.json", &items, 20_000),
        ("unusual.json", &unusual, 20_001),
        ("fast.yaml", &yaml, 20_000),
        ("unusual.yaml", &yaml_unusual, 20_001),
    ] {
        std::fs::write(dir.join(file), body).expect("write");
        let mapped = aggregate(&dir, file, &["-o", "json"]);
        let piped = aggregate_stdin(&dir, body);
        assert_eq!(
            mapped.status.code(),
            Some(0),
            "{file}: {}",
            text(&mapped.stderr)
        );
        // Warnings name the file, or STDIN.
        assert_eq!(
            (text(&mapped.stdout), text(&mapped.stderr)),
            (
                text(&piped.stdout),
                text(&piped.stderr).replace("STDIN", file)
            ),
            "{file}"
        );
        assert!(
            text(&mapped.stdout).contains(&format!("\"n\":{n}")),
            "{file}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// While a large status file's items are made into tables, the heap is
/// backed by huge pages: `hg` on the [heap] mapping in /proc/PID/smaps.
/// Read while the script spins, after the push.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn a_large_inputs_heap_is_advised_huge_pages() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    if !Path::new("/sys/kernel/mm/transparent_hugepage/enabled").exists() {
        crate::skipped("this kernel has no transparent huge pages to advise");
        return;
    }
    let spin = SUM_RIC.replace(
        "          local sum, names = 0, {}\n",
        "          local sum, names = 0, {}\n          while #items > 0 do sum = sum + 1 end\n",
    );
    assert_ne!(spin, SUM_RIC);
    let dir = with_deployment("edge", &spin);
    let items: String = (0..20_000)
        .map(|i| format!("{{\"clusterName\": \"member{i}\", \"status\": {{\"replicas\": 1}}}}\n"))
        .collect();
    assert!(items.len() > 512 << 10);
    std::fs::write(dir.join("items.json"), &items).expect("write");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kinterp"))
        .args(aggregate_args("items.json", &["--timeout", "30s"]))
        .current_dir(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("kinterp runs");
    // Whether a [heap] mapping is advised huge pages.
    let huge_heap = |smaps: &str| {
        let (mut in_heap, mut hg) = (false, false);
        for line in smaps.lines() {
            // A mapping starts with its address range, "start-end".
            let first = line.split_whitespace().next().unwrap_or("");
            if first.contains('-') && first.chars().all(|c| c == '-' || c.is_ascii_hexdigit()) {
                in_heap = line.ends_with("[heap]");
            } else if in_heap && let Some(flags) = line.strip_prefix("VmFlags:") {
                hg |= flags.split_whitespace().any(|f| f == "hg");
            }
        }
        hg
    };
    let smaps = format!("/proc/{}/smaps", child.id());
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut seen = false;
    while !seen && Instant::now() < deadline {
        if let Ok(text) = std::fs::read_to_string(&smaps) {
            seen = huge_heap(&text);
        }
        if child.try_wait().expect("child state").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let ended = child.try_wait().expect("child state");
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(ended, None, "the run ended before its script was watched");
    assert!(seen, "no huge-page advice on the heap");
}

/// A large status file (read in place) with a byte that is not UTF-8 is
/// read as a small one is, as karmadactl reads it: the byte is U+FFFD.
/// With a UTF-8 byte-order mark it is read too.
#[test]
fn a_large_status_file_not_utf8_is_read_with_replacement() {
    let dir = with_deployment("large-bad", SUM_RIC);
    let mut body: Vec<u8> = (0..20_000)
        .flat_map(|i| format!("{{\"clusterName\": \"member{i}\"}}\n").into_bytes())
        .collect();
    body.extend_from_slice(b"{\"clusterName\": \"x\xff\xe2\x82\"}\n");
    assert!(body.len() > 512 << 10);
    std::fs::write(dir.join("bad.json"), &body).expect("write");
    let mut bom = b"\xef\xbb\xbf".to_vec();
    bom.extend_from_slice(&body);
    std::fs::write(dir.join("bom.json"), &bom).expect("write");
    for file in ["bad.json", "bom.json"] {
        let out = aggregate(&dir, file, &["-o", "json"]);
        let stdout = text(&out.stdout);
        assert_eq!(
            (out.status.code(), text(&out.stderr)),
            (Some(0), String::new()),
            "{file}"
        );
        assert!(stdout.contains("\"n\":20001"), "{file}: {stdout}");
        // One U+FFFD for the lone byte, one for the truncated character.
        assert!(stdout.contains(",x\u{FFFD}\u{FFFD}\""), "{file}: {stdout}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
