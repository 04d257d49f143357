//! Every way of naming inputs: files, directories (with and without -R),
//! globs, standard input, multi-document YAML, JSON, status streams and lists.

use crate::builder::Test;
use crate::output;

const WIDGET: &str = "testdata/inputs/widget.yaml";

#[test]
fn directory_reads_only_its_own_yaml_and_json_files() {
    // Without -R the sub-directory (the replica rule) is not read.
    let (code, _, err) = output(Test::new().args([
        "interpret",
        "-f",
        "testdata/inputs/dir",
        "--operation",
        "InterpretReplica",
        "--desired-file",
        WIDGET,
    ]));
    assert_eq!(
        (code, err.as_str()),
        (
            1,
            "Execute InterpretReplica error: rule is not enabled\n\n  tip: the object is example.io/v1 Widget; the customizations for it (widget-health) define no InterpretReplica script (replicaResource)\n"
        )
    );
    let (code, out, _) = output(Test::new().args([
        "interpret",
        "-f",
        "testdata/inputs/dir",
        "-R",
        "--operation",
        "InterpretReplica",
        "--desired-file",
        WIDGET,
        "-o",
        "json",
    ]));
    assert_eq!(
        (code, out.as_str()),
        (0, "{\"replica\":2,\"requires\":null}\n")
    );
}

#[test]
fn glob_pattern_matches_across_directories() {
    let (code, out, _) = output(Test::new().args([
        "interpret",
        "-f",
        "testdata/inputs/dir/**/*.json",
        "--operation",
        "interpretreplica",
        "--desired-file",
        WIDGET,
        "-o",
        "json",
    ]));
    assert_eq!(
        (code, out.as_str()),
        (0, "{\"replica\":2,\"requires\":null}\n")
    );
}

#[test]
fn standard_input_holds_the_customization() {
    Test::new()
        .args(["interpret", "-f", "-", "--operation", "InterpretHealth"])
        .args(["--observed-file", WIDGET, "-o", "json"])
        .stdin(std::fs::read("testdata/inputs/multi/two.yaml").unwrap())
        .stdout("{\"healthy\":true}\n")
        .run();
}

#[test]
fn multi_document_file_gives_every_rule() {
    let (_, out, _) = output(Test::new().args([
        "interpret",
        "-f",
        "testdata/inputs/multi/two.yaml",
        "--operation",
        "InterpretStatus",
        "--observed-file",
        WIDGET,
        "-o",
        "json",
    ]));
    assert_eq!(out, "{\"status\":{\"ok\":true}}\n");
}

#[test]
fn status_file_as_stream_and_as_list_agree() {
    let run = |file: &str| {
        output(Test::new().args([
            "interpret",
            "-f",
            "testdata/inputs/aggregate.yaml",
            "--operation",
            "AggregateStatus",
            "--desired-file",
            WIDGET,
            "--status-file",
            file,
            "-o",
            "json",
        ]))
    };
    let stream = run("testdata/inputs/status-stream.yaml");
    let list = run("testdata/inputs/status-list.yaml");
    assert_eq!(stream, list);
    assert_eq!(stream.0, 0);
    assert!(
        stream
            .1
            .contains("\"clusters\":[\"east=true/true/nil\",\"west=false/nil/Unhealthy\"]"),
        "{}",
        stream.1
    );
    // Without a status file the script sees nil.
    let (_, out, _) = output(Test::new().args([
        "interpret",
        "-f",
        "testdata/inputs/aggregate.yaml",
        "--operation",
        "AggregateStatus",
        "--desired-file",
        WIDGET,
        "-o",
        "json",
    ]));
    assert!(out.contains("\"status\":{\"items\":\"nil\"}"), "{out}");
}

#[test]
fn json_object_file() {
    let (code, out, _) = output(Test::new().args([
        "interpret",
        "-f",
        "testdata/guestbook/ric.yaml",
        "--operation",
        "InterpretHealth",
        "--observed-file",
        "testdata/guestbook/guestbook.json",
        "-o",
        "json",
    ]));
    assert_eq!((code, out.as_str()), (0, "{\"healthy\":true}\n"));
}

#[test]
fn exit_2_paths() {
    let cases: &[&[&str]] = &[
        &[
            "interpret",
            "-f",
            "testdata/inputs/nope.yaml",
            "--operation",
            "Retain",
        ],
        &[
            "interpret",
            "-f",
            "testdata/inputs/broken.yaml",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            WIDGET,
        ],
        &[
            "interpret",
            "-f",
            "testdata/inputs/deployment.yaml",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            WIDGET,
        ],
        &[
            "interpret",
            "-f",
            "testdata/inputs/dir",
            "--operation",
            "InterpretHealth",
        ],
        &[
            "interpret",
            "-f",
            "testdata/inputs/dir",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            WIDGET,
            "--desired-file",
            WIDGET,
        ],
        &[
            "interpret",
            "-f",
            "testdata/inputs/dir",
            "--operation",
            "Retain",
            "--observed-file",
            WIDGET,
        ],
        &[
            "interpret",
            "-f",
            "testdata/inputs/dir",
            "--operation",
            "Retain",
            "--desired-file",
            WIDGET,
        ],
        &[
            "interpret",
            "-f",
            "testdata/inputs/dir",
            "--operation",
            "Retian",
            "--desired-file",
            WIDGET,
        ],
        &[
            "interpret",
            "-f",
            "testdata/inputs/dir",
            "--desired-file",
            WIDGET,
        ],
        &[
            "interpret",
            "-f",
            "testdata/inputs/dir",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            "testdata/inputs/status-stream.yaml",
        ],
        &[
            "interpret",
            "-f",
            "testdata/inputs/dir",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            "testdata/inputs/dir/notes.txt",
        ],
        &[
            "interpret",
            "-f",
            "https://example.com/ric.yaml",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            WIDGET,
        ],
        &[
            "interpret",
            "-f",
            "testdata/inputs/dir",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            WIDGET,
            "--diff",
        ],
        &[
            "interpret",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            WIDGET,
            "--desired-replica",
            "2.5",
        ],
        &["interpret", "--bogus"],
        &["interpret", "--operaton", "Retain"],
        &["tset", "x"],
        &["test", "testdata/inputs/widget.yaml"],
    ];
    let mut report = String::new();
    for args in cases {
        let (code, out, err) = output(Test::new().args(*args));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(
            !err.contains("panicked") && !err.contains("backtrace"),
            "{err}"
        );
        report.push_str(&format!("$ kinterp {}\n{err}", args.join(" ")));
    }
    insta::assert_snapshot!(report);
}
