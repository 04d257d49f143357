//! JSON nested deeper than serde_json's own bound (128 levels), read as
//! encoding/json reads it: up to `MAX_DEPTH` levels, and `exceeded max
//! depth` at the first array or object past it. Only a document the
//! ordinary reader refused for its depth comes here.

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use kinterp_go::depth::{JSON_TOO_DEEP, MAX_DEPTH};

/// Whether `e` is serde_json's refusal of a document for its depth.
pub(crate) fn is_depth_error(e: &serde_json::Error) -> bool {
    e.is_syntax() && e.to_string().starts_with("recursion limit exceeded")
}

/// Every document of the JSON stream `text`, nested up to `MAX_DEPTH`
/// levels; the first error in the text otherwise (a syntax error before
/// the first level too deep, or `exceeded max depth` there). Recursive on
/// the thread's stack: run it inside `deep::with_stack`.
pub(crate) fn parse_stream(text: &str) -> Result<Vec<Value>, serde_json::Error> {
    // A pass that only checks, then the build: the first error in text
    // order wins, whichever kind it is.
    stream::<Checked>(text)?;
    stream::<Value>(text)
}

fn stream<T: serde::de::DeserializeOwned>(text: &str) -> Result<Vec<T>, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    de.into_iter::<T>().collect()
}

/// A document checked for its depth only.
struct Checked;

impl<'de> serde::Deserialize<'de> for Checked {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Checked, D::Error> {
        Levels(MAX_DEPTH).deserialize(d).map(|()| Checked)
    }
}

/// A value that may open this many more arrays or objects.
#[derive(Clone, Copy)]
struct Levels(usize);

impl<'de> DeserializeSeed<'de> for Levels {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl Levels {
    fn inner<E: serde::de::Error>(self) -> Result<Levels, E> {
        match self.0 {
            0 => Err(E::custom(JSON_TOO_DEEP)),
            n => Ok(Levels(n - 1)),
        }
    }
}

impl<'de> Visitor<'de> for Levels {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let inner = self.inner()?;
        while seq.next_element_seed(inner)?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let inner = self.inner()?;
        while map.next_key::<IgnoredAny>()?.is_some() {
            map.next_value_seed(inner)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(levels: usize) -> String {
        format!("{}1{}", "[".repeat(levels), "]".repeat(levels))
    }

    #[test]
    fn reads_to_go_bound_and_refuses_past_it() {
        crate::deep::with_stack(|| {
            let ok = parse_stream(&nested(MAX_DEPTH)).unwrap();
            assert_eq!(ok.len(), 1);
            let e = parse_stream(&format!("{{\"a\":{}}}", nested(MAX_DEPTH))).unwrap_err();
            assert!(e.to_string().starts_with(JSON_TOO_DEEP), "{e}");
            // The 1-based column of the first bracket too deep.
            assert_eq!((e.line(), e.column()), (1, 5 + MAX_DEPTH));
            // A syntax error before the depth is reported first.
            let e =
                parse_stream(&format!("{{\"a\" 1, \"b\":{}}}", nested(MAX_DEPTH + 1))).unwrap_err();
            assert!(e.to_string().starts_with("expected `:`"), "{e}");
            assert!(is_depth_error(
                &serde_json::from_str::<Value>(&nested(200)).unwrap_err()
            ));
        });
    }
}
