//! Generated artefacts stay in step with the CLI: shell completions under
//! `completions/`, the man pages under `docs/man/` (one per subcommand), and
//! every `--help` text.
//! Run with `KINTERP_BLESS=1` to rewrite the committed files.

use std::path::Path;

use clap::CommandFactory;
use insta_cmd::assert_cmd_snapshot;
use kinterp_cli::cli::Cli;

use crate::builder::Test;

fn check_file(path: &str, fresh: &[u8]) {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var_os("KINTERP_BLESS").is_some() {
        std::fs::create_dir_all(full.parent().unwrap()).unwrap();
        std::fs::write(&full, fresh).unwrap();
        return;
    }
    let committed = std::fs::read(&full).unwrap_or_default();
    assert!(
        committed == fresh,
        "{path} is stale: run `KINTERP_BLESS=1 cargo test --test it generated` and commit it"
    );
}

#[test]
fn completions_are_current() {
    use clap_complete::Shell;
    for (shell, file) in [
        (Shell::Bash, "completions/kinterp.bash"),
        (Shell::Zsh, "completions/_kinterp"),
        (Shell::Fish, "completions/kinterp.fish"),
        (Shell::PowerShell, "completions/_kinterp.ps1"),
        (Shell::Elvish, "completions/kinterp.elv"),
    ] {
        let mut buf = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "kinterp", &mut buf);
        check_file(file, &buf);
        // The binary prints the same script.
        let out = Test::new().args(["completions", &shell.to_string()]).run();
        assert_eq!(out.stdout.as_bytes(), buf, "{shell}");
    }
}

#[test]
fn man_pages_are_current() {
    // One page for kinterp and one per subcommand (kinterp-interpret.1, …),
    // as clap_mangen names them; nothing else in docs/man.
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let mut pages = vec![clap_mangen::Man::new(cmd.clone())];
    pages.extend(cmd.get_subcommands().cloned().map(clap_mangen::Man::new));
    let mut names = Vec::new();
    for page in pages {
        let mut buf = Vec::new();
        page.render(&mut buf).unwrap();
        let name = page.get_filename();
        check_file(&format!("docs/man/{name}"), &buf);
        names.push(name);
    }
    names.sort();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/man");
    let mut committed: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    committed.sort();
    assert_eq!(
        committed, names,
        "docs/man holds exactly the generated pages"
    );
    assert_eq!(
        names,
        [
            "kinterp-builtins.1",
            "kinterp-completions.1",
            "kinterp-interpret.1",
            "kinterp-lint.1",
            "kinterp-lsp.1",
            "kinterp-simulate.1",
            "kinterp-test.1",
            "kinterp.1"
        ]
    );
}

#[test]
fn help_texts() {
    assert_cmd_snapshot!("help", Test::new().arg("--help").command());
    for sub in [
        "interpret",
        "test",
        "builtins",
        "completions",
        "lint",
        "lsp",
        "simulate",
    ] {
        assert_cmd_snapshot!(
            format!("help_{sub}"),
            Test::new().args([sub, "--help"]).command()
        );
    }
}
