//! Which interpreters answer, as the command line chooses them: `-f`
//! customizations alone, `-f … --with-builtins` (customizations, then the
//! built-ins, as Karmada's control plane), or the built-ins without `-f`.
//! Flattened into a subcommand's arguments (`simulate` uses it); the one
//! place where a replacement of the bundled set (`--builtins DIR`) joins
//! the choice.

use clap::Args;

use super::GlobalArgs;
use kinterp::diag::Diagnostic;
use kinterp::interpreter::Interpreter;
use kinterp::load::load_customizations_and_warnings;
use kinterp::lua::sandbox::PrintSink;
use kinterp::ric::CustomizationSet;

/// `-f`, `-R` and `--with-builtins`.
#[derive(Debug, Args, Clone, Default)]
pub struct InterpreterArgs {
    /// Customization files: a file, a directory, a glob, or - for standard input (repeatable)
    #[arg(short = 'f', long = "filename", value_name = "PATH")]
    pub filename: Vec<String>,
    /// Read directories given with -f recursively
    #[arg(short = 'R', long)]
    pub recursive: bool,
    /// With -f: fall back to the built-in interpreters as Karmada's control plane does
    #[arg(long, requires = "filename")]
    pub with_builtins: bool,
    #[command(flatten)]
    pub builtins_dir: super::baseline::BuiltinsDir,
}

impl InterpreterArgs {
    /// The interpreter these arguments choose, scripts printing to
    /// `print`; warnings reading the customizations go to standard error.
    pub fn interpreter(
        &self,
        global: &GlobalArgs,
        print: PrintSink,
    ) -> Result<Interpreter, Diagnostic> {
        let customizations = if self.filename.is_empty() {
            None
        } else {
            let set = load_customizations_and_warnings(&self.filename, self.recursive)
                .map(super::interpret::warned)?;
            Some(CustomizationSet::new(set))
        };
        let mut interpreter = Interpreter {
            builtins: customizations.is_none() || self.with_builtins,
            customizations,
            profile: global.profile(print),
            bundled: None,
        };
        self.builtins_dir.apply(&mut interpreter)?;
        Ok(interpreter)
    }
}
