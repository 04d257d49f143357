//! Command-line definitions (clap) and the subcommand drivers; the binary
//! parses with these types and calls `run`.

pub mod baseline;
pub mod builtins;
pub mod color;
pub mod coverage;
pub mod edit;
pub mod interpret;
pub mod interpreters;
pub mod lint;
pub mod lsp;
pub mod simulate;
pub mod test;
pub mod watch;

use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::output::report::{Report, Reporter};
use kinterp::diag::Diagnostic;
use kinterp::interpreter::Profile;
use kinterp::lua::sandbox::PrintSink;

/// `--version`: kinterp's, and the Karmada release its bundled
/// customizations reproduce (`thirdparty::KARMADA`, tested to agree).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    ", bundled customizations of Karmada v1.19.0-rc.0 (f8fdd02)"
);

/// Run, lint and test Karmada resource interpreter customizations offline.
#[derive(Debug, Parser)]
#[command(name = "kinterp", version = VERSION, about, long_about = None, propagate_version = true)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// Options every subcommand accepts.
#[derive(Debug, Args, Clone)]
pub struct GlobalArgs {
    /// When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)
    #[arg(long, global = true, value_name = "DURATION", default_value = "1s", value_parser = parse_duration)]
    pub timeout: Duration,
    /// Memory limit of the Lua VM in MiB; 0 means no limit
    #[arg(
        long = "lua-memory-limit",
        global = true,
        value_name = "MIB",
        default_value_t = 256
    )]
    pub lua_memory_limit: u64,
}

impl GlobalArgs {
    /// The runtime profile these options describe.
    pub fn profile(&self, print: PrintSink) -> Profile {
        Profile {
            timeout: self.timeout,
            memory_limit: memory_limit(self.lua_memory_limit),
            print,
        }
    }
}

/// `--lua-memory-limit` in bytes (`None` for 0).
pub fn memory_limit(mib: u64) -> Option<usize> {
    (mib > 0).then(|| usize::try_from(mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX))
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run one interpreter operation, or check customizations
    #[command(after_help = interpret::EXAMPLES)]
    Interpret(interpret::InterpretArgs),
    /// Run declarative test cases against customizations or the built-ins
    #[command(after_help = test::EXAMPLES)]
    Test(test::TestArgs),
    /// Find bugs in customizations: undefined globals, wrong entry points, unknown fields, ...
    #[command(after_help = lint::EXAMPLES)]
    Lint(lint::LintArgs),
    /// List the built-in interpreters: bundled customizations and native kinds
    #[command(after_help = builtins::EXAMPLES)]
    Builtins(builtins::BuiltinsArgs),
    /// Replay what Karmada does with a resource template across member clusters, step by step
    #[command(after_help = simulate::EXAMPLES)]
    Simulate(simulate::SimulateArgs),
    /// Serve the Language Server Protocol on standard input and output, for editors
    #[command(after_help = lsp::EXAMPLES)]
    Lsp(lsp::LspArgs),
    /// Print a shell completion script
    #[command(
        after_help = "Examples:\n  # Load completions into the current bash session\n  source <(kinterp completions bash)\n\n  # Install for zsh\n  kinterp completions zsh > \"${fpath[1]}/_kinterp\""
    )]
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
}

/// Parses `1s`, `500ms`, `2m`, `1.5s` or a bare number of seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (num, unit) = match t.find(|c: char| !(c.is_ascii_digit() || c == '.')) {
        Some(i) => (&t[..i], &t[i..]),
        None => (t, "s"),
    };
    let value: f64 = num
        .parse()
        .map_err(|_| format!("invalid duration {text:?}: expected e.g. 1s, 500ms or 2m"))?;
    let secs = match unit {
        "ms" => value / 1000.0,
        "s" => value,
        "m" => value * 60.0,
        _ => {
            return Err(format!(
                "invalid duration {text:?}: unit must be ms, s or m"
            ));
        }
    };
    if !secs.is_finite() || secs <= 0.0 || secs > 86_400.0 {
        return Err(format!(
            "invalid duration {text:?}: must be above 0 and at most a day"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// An error that ends a command: the diagnostic, and the text of the
/// script line it points at when the command has the script.
#[derive(Debug)]
pub struct Failure {
    pub diagnostic: Diagnostic,
    pub snippet: Option<String>,
}

impl From<Diagnostic> for Failure {
    fn from(diagnostic: Diagnostic) -> Failure {
        Failure {
            diagnostic,
            snippet: None,
        }
    }
}

impl Failure {
    /// A failure of `interpreter`, with the failing script line's text.
    pub fn of_run(
        diagnostic: Diagnostic,
        interpreter: &kinterp::interpreter::Interpreter,
    ) -> Failure {
        let snippet = interpreter.snippet(&diagnostic).map(str::to_string);
        Failure {
            diagnostic,
            snippet,
        }
    }
}

/// Writes `report` on standard output with `reporter`.
pub fn print(reporter: &dyn Reporter, report: &Report<'_>) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    reporter.write(report, &mut out);
    let _ = out.flush();
}

/// Runs a parsed command line and returns the exit code; errors are
/// rendered on standard error here, and only here.
pub fn run(cli: Cli) -> i32 {
    match dispatch(cli) {
        Ok(code) => code,
        Err(f) => {
            eprintln!(
                "{}",
                crate::output::human::diagnostic(&f.diagnostic, f.snippet.as_deref())
            );
            f.diagnostic.exit_code()
        }
    }
}

fn dispatch(cli: Cli) -> Result<i32, Failure> {
    match cli.command {
        Command::Interpret(args) => interpret::run(&cli.global, args),
        Command::Test(args) => Ok(test::run(&cli.global, args)?),
        Command::Builtins(args) => Ok(builtins::run(&cli.global, args)?),
        Command::Lint(args) => Ok(lint::run(&cli.global, args)?),
        Command::Lsp(args) => Ok(lsp::run(&cli.global, args)?),
        Command::Simulate(args) => simulate::run(&cli.global, args),
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "kinterp", &mut std::io::stdout());
            Ok(0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("1s"), Ok(Duration::from_secs(1)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("3"), Ok(Duration::from_secs(3)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("1h").is_err());
    }

    #[test]
    fn version_names_the_bundled_release() {
        assert!(VERSION.ends_with(&format!(" Karmada {}", kinterp::thirdparty::KARMADA)));
    }

    #[test]
    fn clap_definition_is_valid() {
        <Cli as clap::CommandFactory>::command().debug_assert();
    }
}
