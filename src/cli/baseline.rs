//! What a customization is compared with, and what stands in for the
//! bundled set: `--builtins DIR` (interpret, test, builtins; flatten
//! [`BuiltinsDir`] into a command to offer it) and `--compare
//! builtins|PATH` (interpret, test).

use std::sync::Arc;

use clap::Args;

use kinterp::diag::Diagnostic;
use kinterp::interpreter::{Interpreter, Profile};
use kinterp::ric::CustomizationSet;

/// `--builtins DIR`.
#[derive(Debug, Args, Clone, Default)]
pub struct BuiltinsDir {
    /// Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release's resourcecustomizations tree
    #[arg(long = "builtins", value_name = "DIR")]
    pub dir: Option<String>,
}

impl BuiltinsDir {
    /// The customizations under DIR, when given. In Karmada's layout the
    /// `testdata/` folders and `customizations_tests.yaml` files hold
    /// cases and inputs, not customizations: they are left out.
    pub fn load(&self) -> Result<Option<Arc<CustomizationSet>>, Diagnostic> {
        let Some(dir) = &self.dir else {
            return Ok(None);
        };
        if !std::path::Path::new(dir).is_dir() {
            return Err(Diagnostic::usage(format!(
                "--builtins {dir}: not a directory"
            )));
        }
        let files: Vec<String> =
            kinterp::input::sources::expand_paths(std::slice::from_ref(dir), true)?
                .into_iter()
                .flatten()
                .filter(|p| {
                    let below = p.strip_prefix(dir).unwrap_or(p);
                    !below.components().any(|c| c.as_os_str() == "testdata")
                        && p.file_name()
                            .is_none_or(|n| n != kinterp::testrun::layout::OLD_TESTS)
                })
                .map(|p| p.display().to_string())
                .collect();
        let set = kinterp::load::load_customizations(&files, false)?;
        Ok(Some(Arc::new(CustomizationSet::new(set))))
    }

    /// Puts the customizations under DIR, when given, in place of the
    /// bundled set of `interpreter`.
    pub fn apply(&self, interpreter: &mut Interpreter) -> Result<(), Diagnostic> {
        if let Some(set) = self.load()? {
            interpreter.bundled = Some(set);
        }
        Ok(())
    }
}

/// The interpreter of `--compare SPEC`: `builtins` (the built-ins, with
/// `bundled` standing in for the bundled set when given), or the
/// customizations at a path (with the built-ins behind them when
/// `with_builtins`). Also the name the reports give it.
pub fn baseline(
    spec: &str,
    with_builtins: bool,
    bundled: Option<Arc<CustomizationSet>>,
    profile: Profile,
) -> Result<(Interpreter, String), Diagnostic> {
    let mut interpreter = if spec == "builtins" {
        Interpreter::builtins(profile)
    } else {
        let set = kinterp::load::load_customizations(&[spec.to_string()], true)?;
        let mut i = Interpreter::customizations(set, profile);
        i.builtins = with_builtins;
        i
    };
    interpreter.bundled = bundled;
    Ok((interpreter, spec.to_string()))
}
