//! Which compiled copy of a search this processor runs: the solver and the midgame search
//! are each compiled twice, once for the baseline x86-64 instruction set and once, in a
//! module named `modern`, with `#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]`,
//! and pick between them at run time by [`modern_cpu`]. Counting moves and empties is one
//! instruction with those extensions and a dozen without.

/// Whether this processor has every extension the `modern` copies are compiled for: the
/// condition under which calling them is sound. Checked once and cached by the standard
/// library, so cheap enough to ask at every search.
#[inline]
pub(super) fn modern_cpu() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
