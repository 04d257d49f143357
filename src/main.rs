//! The `kinterp` binary: owns the process (watchdog, heap tuning, exit),
//! parses the command line and hands it to the CLI, which renders errors
//! and returns the exit code.

use clap::Parser;
use kinterp_cli::cli::{Cli, run};
use kinterp_cli::runtime::ProcessGuard;

fn main() {
    // A bug must still end with one clear line, never a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let payload = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        eprintln!("error: internal error{location}: {payload} (please report this bug)");
    }));
    let cli = Cli::parse();
    let process = ProcessGuard::install();
    // Inputs may nest 10 000 levels deep, as Go's readers allow: the run
    // gets a stack that holds every pass over such a value.
    let code = kinterp::deep::on_new_stack(|| std::panic::catch_unwind(|| run(cli)).unwrap_or(2));
    process.exit(code);
}
