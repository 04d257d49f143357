//! `--edit` end to end with a scripted editor: a valid edit is saved, an
//! invalid one is reopened with its problems, an aborted one changes nothing.

use crate::builder::Test;

const RIC: &str = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata:
  name: widget
spec:
  target:
    apiVersion: example.io/v1
    kind: Widget
  customizations:
    healthInterpretation:
      luaScript: |
        function InterpretHealth(obj)
          return true
        end
";

/// A test directory holding `ric.yaml`.
fn workspace() -> Test {
    Test::new().file("ric.yaml", RIC)
}

/// An editor that runs step N of `steps` on its N-th start (a shell
/// snippet given the file as $1), copying what it was shown to shownN.
fn editor(test: &mut Test, steps: &[&str]) -> String {
    let mut script = String::from(
        "#!/bin/sh\nd=$(dirname \"$0\")\nn=$(cat \"$d/count\" 2>/dev/null || echo 0)\nn=$((n+1))\necho $n > \"$d/count\"\ncp \"$1\" \"$d/shown$n\"\ncase $n in\n",
    );
    for (i, s) in steps.iter().enumerate() {
        script.push_str(&format!("{}) {s} ;;\n", i + 1));
    }
    script.push_str("esac\n");
    let path = test.dir().join("editor.sh");
    std::fs::write(&path, script).unwrap();
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&path, perms).unwrap();
    path.display().to_string()
}

#[test]
fn valid_edit_is_saved() {
    let mut test = workspace();
    let ed = editor(
        &mut test,
        &["sed -i 's/return true/return obj.status.ok == true/' \"$1\""],
    );
    let dir = test.dir().to_path_buf();
    let ric = dir.join("ric.yaml");
    let test = test
        .env("EDITOR", &ed)
        .args(["interpret", "-f", "ric.yaml", "--edit", "--show-doc"])
        .stdout("ric.yaml edited\n");
    test.run();
    let saved = std::fs::read_to_string(&ric).unwrap();
    assert!(saved.contains("return obj.status.ok == true"), "{saved}");
    assert!(
        !saved.contains("#|") && !saved.contains("Please edit"),
        "{saved}"
    );
    let shown = std::fs::read_to_string(dir.join("shown1")).unwrap();
    assert!(
        shown.contains("#| InterpretHealth(observedObj) returns true"),
        "{shown}"
    );
    assert!(
        shown.contains("      luaScript: |\n        function InterpretHealth(obj)\n"),
        "{shown}"
    );
    // The saved file still works.
    Test::new()
        .args(["interpret", "-f", ric.to_str().unwrap(), "--check"])
        .run();
}

#[test]
fn unchanged_first_open_cancels() {
    let mut test = workspace();
    let ed = editor(&mut test, &["true"]);
    let ric = test.dir().join("ric.yaml");
    let test = test
        .env("KUBE_EDITOR", &ed)
        .env("EDITOR", "false")
        .args(["interpret", "-f", "ric.yaml", "--edit"])
        .stdout("Edit cancelled, no changes made.\n");
    test.run();
    assert_eq!(std::fs::read_to_string(&ric).unwrap(), RIC);
}

#[test]
fn invalid_edit_reopens_then_cancels() {
    let mut test = workspace();
    let ed = editor(
        &mut test,
        &["sed -i 's/return true/return true +/' \"$1\"", "true"],
    );
    let dir = test.dir().to_path_buf();
    let ric = dir.join("ric.yaml");
    let test = test
        .env("VISUAL", &ed)
        .args(["interpret", "-f", "ric.yaml", "--edit"])
        .stdout("")
        .status(1);
    let err = test.run().stderr;
    assert!(err.starts_with("Edit cancelled, no valid changes were saved.\nA copy of your changes has been stored to \"/"), "{err}");
    // The original is untouched; the second opening listed the problem.
    assert_eq!(std::fs::read_to_string(&ric).unwrap(), RIC);
    let shown = std::fs::read_to_string(dir.join("shown2")).unwrap();
    assert!(
        shown.contains(
            "# The edited file is not valid:\n# * widget: InterpretHealth: <string> line:"
        ),
        "{shown}"
    );
    // The attempted version is kept where the message says.
    let kept = err.split('"').nth(1).unwrap();
    assert!(
        std::fs::read_to_string(kept)
            .unwrap()
            .contains("return true +")
    );
}
