//! A small signed arbitrary-precision integer (base 10^9 limbs), just what
//! exact quantity arithmetic needs: add, scale by powers of ten, divide small.

use std::cmp::Ordering;
use std::fmt;

const BASE: u64 = 1_000_000_000;
const POW10: [u32; 10] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
];

/// Sign and magnitude; the magnitude is little-endian base-10^9 limbs with
/// no high zero limb, and zero is never negative.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BigInt {
    neg: bool,
    mag: Vec<u32>,
}

impl BigInt {
    pub fn zero() -> BigInt {
        BigInt::default()
    }

    pub fn from_i128(v: i128) -> BigInt {
        let mut mag = Vec::new();
        let mut u = v.unsigned_abs();
        while u > 0 {
            mag.push((u % BASE as u128) as u32);
            u /= BASE as u128;
        }
        BigInt { neg: v < 0, mag }
    }

    /// Parses ASCII decimal digits (no sign); `None` if `s` has a non-digit
    /// or is empty.
    pub fn from_digits(s: &str) -> Option<BigInt> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let bytes = s.as_bytes();
        let mut mag = Vec::with_capacity(bytes.len() / 9 + 1);
        let mut end = bytes.len();
        while end > 0 {
            let start = end.saturating_sub(9);
            let mut limb = 0u32;
            for &b in &bytes[start..end] {
                limb = limb * 10 + u32::from(b - b'0');
            }
            mag.push(limb);
            end = start;
        }
        let mut r = BigInt { neg: false, mag };
        r.trim();
        Some(r)
    }

    fn trim(&mut self) {
        while self.mag.last() == Some(&0) {
            self.mag.pop();
        }
        if self.mag.is_empty() {
            self.neg = false;
        }
    }

    pub fn is_zero(&self) -> bool {
        self.mag.is_empty()
    }

    pub fn is_negative(&self) -> bool {
        self.neg
    }

    /// -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        if self.is_zero() {
            0
        } else if self.neg {
            -1
        } else {
            1
        }
    }

    pub fn negated(mut self) -> BigInt {
        if !self.is_zero() {
            self.neg = !self.neg;
        }
        self
    }

    /// Number of decimal digits of the magnitude (0 for zero).
    pub fn num_digits(&self) -> u64 {
        match self.mag.last() {
            None => 0,
            Some(&top) => {
                let mut d = 1;
                while d < 10 && top >= POW10[d] {
                    d += 1;
                }
                (self.mag.len() as u64 - 1) * 9 + d as u64
            }
        }
    }

    /// How many trailing decimal zeros the magnitude has (0 for zero).
    pub fn trailing_zeros(&self) -> u64 {
        let mut n = 0;
        for &limb in &self.mag {
            if limb == 0 {
                n += 9;
                continue;
            }
            let mut l = limb;
            while l % 10 == 0 {
                l /= 10;
                n += 1;
            }
            return n;
        }
        0
    }

    fn cmp_mag(a: &[u32], b: &[u32]) -> Ordering {
        a.len()
            .cmp(&b.len())
            .then_with(|| a.iter().rev().cmp(b.iter().rev()))
    }

    pub fn cmp_abs(&self, other: &BigInt) -> Ordering {
        BigInt::cmp_mag(&self.mag, &other.mag)
    }

    fn add_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
        let mut out = Vec::with_capacity(a.len().max(b.len()) + 1);
        let mut carry = 0u64;
        for i in 0..a.len().max(b.len()) {
            let s = u64::from(*a.get(i).unwrap_or(&0)) + u64::from(*b.get(i).unwrap_or(&0)) + carry;
            out.push((s % BASE) as u32);
            carry = s / BASE;
        }
        if carry > 0 {
            out.push(carry as u32);
        }
        out
    }

    /// a - b for |a| >= |b|.
    fn sub_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
        let mut out = Vec::with_capacity(a.len());
        let mut borrow = 0i64;
        for (i, &x) in a.iter().enumerate() {
            let mut d = i64::from(x) - i64::from(*b.get(i).unwrap_or(&0)) - borrow;
            borrow = 0;
            if d < 0 {
                d += BASE as i64;
                borrow = 1;
            }
            out.push(d as u32);
        }
        out
    }

    pub fn add(&self, other: &BigInt) -> BigInt {
        let mut r = if self.neg == other.neg {
            BigInt {
                neg: self.neg,
                mag: BigInt::add_mag(&self.mag, &other.mag),
            }
        } else if self.cmp_abs(other) != Ordering::Less {
            BigInt {
                neg: self.neg,
                mag: BigInt::sub_mag(&self.mag, &other.mag),
            }
        } else {
            BigInt {
                neg: other.neg,
                mag: BigInt::sub_mag(&other.mag, &self.mag),
            }
        };
        r.trim();
        r
    }

    pub fn sub(&self, other: &BigInt) -> BigInt {
        self.add(&other.clone().negated())
    }

    /// Multiplies the magnitude by `m` (<= 10^9).
    pub fn mul_small(&self, m: u32) -> BigInt {
        let mut out = Vec::with_capacity(self.mag.len() + 1);
        let mut carry = 0u64;
        for &limb in &self.mag {
            let p = u64::from(limb) * u64::from(m) + carry;
            out.push((p % BASE) as u32);
            carry = p / BASE;
        }
        while carry > 0 {
            out.push((carry % BASE) as u32);
            carry /= BASE;
        }
        let mut r = BigInt {
            neg: self.neg,
            mag: out,
        };
        r.trim();
        r
    }

    /// Multiplies by 10^k.
    pub fn mul_pow10(&self, k: u64) -> BigInt {
        if self.is_zero() || k == 0 {
            return self.clone();
        }
        let limbs = (k / 9) as usize;
        let mut r = self.mul_small(POW10[(k % 9) as usize]);
        let mut mag = vec![0u32; limbs];
        mag.extend_from_slice(&r.mag);
        r.mag = mag;
        r
    }

    /// Multiplies by 2^k.
    pub fn mul_pow2(&self, k: u32) -> BigInt {
        let mut r = self.clone();
        let mut left = k;
        while left > 0 {
            let step = left.min(29);
            r = r.mul_small(1 << step);
            left -= step;
        }
        r
    }

    /// Truncating division of the magnitude by `d` (0 < d <= 10^9): the
    /// quotient keeps the sign, and the remainder is of the magnitude.
    pub fn div_small(&self, d: u32) -> (BigInt, u32) {
        let mut out = vec![0u32; self.mag.len()];
        let mut rem = 0u64;
        for i in (0..self.mag.len()).rev() {
            let cur = rem * BASE + u64::from(self.mag[i]);
            out[i] = (cur / u64::from(d)) as u32;
            rem = cur % u64::from(d);
        }
        let mut q = BigInt {
            neg: self.neg,
            mag: out,
        };
        q.trim();
        (q, rem as u32)
    }

    /// Truncating division by 10^k: the quotient (sign kept) and whether a
    /// non-zero remainder was dropped.
    pub fn div_pow10(&self, k: u64) -> (BigInt, bool) {
        if k == 0 {
            return (self.clone(), false);
        }
        if k >= self.num_digits() {
            return (BigInt::zero(), !self.is_zero());
        }
        let limbs = (k / 9) as usize;
        let mut inexact = self.mag[..limbs].iter().any(|&l| l != 0);
        let shifted = BigInt {
            neg: self.neg,
            mag: self.mag[limbs..].to_vec(),
        };
        let (q, r) = shifted.div_small(POW10[(k % 9) as usize]);
        inexact |= r != 0;
        (q, inexact)
    }

    /// The value if it fits an i64.
    pub fn to_i64(&self) -> Option<i64> {
        let v = self.to_i128()?;
        i64::try_from(v).ok()
    }

    /// The value if it fits an i128.
    pub fn to_i128(&self) -> Option<i128> {
        if self.mag.len() > 5 {
            return None;
        }
        let mut v: i128 = 0;
        for &limb in self.mag.iter().rev() {
            v = v.checked_mul(BASE as i128)?.checked_add(i128::from(limb))?;
        }
        Some(if self.neg { -v } else { v })
    }

    /// The nearest float64 (ties to even), as Go's big.Float does.
    pub fn to_f64(&self) -> f64 {
        self.to_string().parse::<f64>().unwrap_or(0.0)
    }
}

impl PartialOrd for BigInt {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigInt {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.neg, other.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => self.cmp_abs(other),
            (true, true) => other.cmp_abs(self),
        }
    }
}

impl fmt::Display for BigInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((top, rest)) = self.mag.split_last() else {
            return f.write_str("0");
        };
        let mut s = String::with_capacity(self.mag.len() * 9 + 1);
        if self.neg {
            s.push('-');
        }
        s.push_str(&top.to_string());
        for limb in rest.iter().rev() {
            s.push_str(&format!("{limb:09}"));
        }
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(v: i128) -> BigInt {
        BigInt::from_i128(v)
    }

    #[test]
    fn arithmetic_matches_i128() {
        let vals = [
            0i128,
            1,
            -1,
            999_999_999,
            1_000_000_000,
            -123_456_789_012_345_678,
            i64::MAX as i128 + 7,
        ];
        for &x in &vals {
            for &y in &vals {
                assert_eq!(b(x).add(&b(y)), b(x + y), "{x}+{y}");
                assert_eq!(b(x).sub(&b(y)), b(x - y), "{x}-{y}");
                assert_eq!(b(x).cmp(&b(y)), x.cmp(&y));
            }
            assert_eq!(b(x).to_string(), x.to_string());
            assert_eq!(b(x).mul_pow10(11), b(x * 100_000_000_000));
            assert_eq!(b(x).mul_pow2(40), b(x << 40));
            assert_eq!(b(x).div_small(1024), (b(x / 1024), (x.abs() % 1024) as u32));
            assert_eq!(
                b(x).div_pow10(10),
                (b(x / 10_000_000_000), x % 10_000_000_000 != 0)
            );
        }
    }

    #[test]
    fn digits_and_zeros() {
        assert_eq!(
            BigInt::from_digits("000120000000000").unwrap(),
            b(120000000000)
        );
        assert_eq!(b(120000000000).trailing_zeros(), 10);
        assert_eq!(b(120000000000).num_digits(), 12);
        assert_eq!(b(0).num_digits(), 0);
        assert_eq!(b(1_000_000_000).num_digits(), 10);
        assert!(BigInt::from_digits("").is_none());
        assert!(BigInt::from_digits("1a").is_none());
        assert_eq!(b(i64::MAX as i128).to_i64(), Some(i64::MAX));
        assert_eq!(b(i64::MAX as i128 + 1).to_i64(), None);
    }
}
