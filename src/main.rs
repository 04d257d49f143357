//! The `kinterp` binary: parses the command line, dispatches to the library
//! and maps errors to exit codes.

use clap::Parser;
use kinterp::cli::{Cli, run};

fn main() {
    let cli = Cli::parse();
    let code = match run(cli) {
        Ok(code) => code,
        Err(err) => {
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
    std::process::exit(code);
}
