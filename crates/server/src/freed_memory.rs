//! Building the catalogue's snapshots takes about twice the memory the snapshots keep (the rows
//! read, each language's rows, the search index's word lists). glibc keeps what was freed for
//! later, so without this the process would hold the build's peak for good and every page
//! rendered afterwards would come on top of it.

/// Hands the memory freed since the last call back to the system (glibc on Linux; elsewhere the
/// allocator decides for itself).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn give_back() {
    // SAFETY: malloc_trim only returns free pages of the allocator's own arenas to the kernel.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn give_back() {}
