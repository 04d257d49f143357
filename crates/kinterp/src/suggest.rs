//! "Did you mean" suggestions: edit distance between a typed word and the
//! words it could have meant.

/// Levenshtein distance over characters, case-insensitive.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Whether `typed` is close enough to `word` to suggest it.
pub fn similar(typed: &str, word: &str) -> bool {
    typed != word && distance(typed, word) <= (word.len() / 3).max(2)
}

/// The closest candidate to `typed`, if one is close enough.
pub fn best<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (distance(typed, c), c))
        .filter(|(d, c)| *d <= (c.len() / 3).max(2))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(distance("kitten", "sitting"), 3);
        let ops = ["Retain", "InterpretReplica", "InterpretHealth"];
        assert_eq!(best("retian", ops), Some("Retain"));
        assert_eq!(best("InterpretHelth", ops), Some("InterpretHealth"));
        assert_eq!(best("zzz", ops), None);
    }
}
