//! The `kinterp` binary: parses the command line, dispatches to the library
//! and maps errors to exit codes.

use clap::Parser;
use kinterp::cli::{Cli, run};

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
    let code = match std::panic::catch_unwind(|| run(cli)) {
        Err(_) => 2,
        Ok(Ok(code)) => code,
        Ok(Err(err)) => {
            let text = err.to_string();
            let failed_script = matches!(err, kinterp::Error::Failed(_));
            if failed_script || text.starts_with("Execute ") {
                eprintln!("{text}");
            } else {
                eprintln!("error: {text}");
            }
            err.exit_code()
        }
    };
    kinterp::lua::pool::leak_for_exit();
    std::process::exit(code);
}
