//! CPU time, so that speed figures hold on a busy machine: a process that
//! waits for a core is not charged for the wait, as it would be in wall time.

use std::time::Duration;

/// CPU time (user and system) this process has used so far, all its
/// threads included.
pub fn this_process() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    let seconds = u64::try_from(t.tv_sec).unwrap_or(0);
    let nanos = u32::try_from(t.tv_nsec).unwrap_or(0);
    Duration::new(seconds, nanos)
}

/// CPU time (user and system) process `pid` has used so far, read from
/// `/proc/PID/stat`; `None` where that cannot be read (not Linux, or the
/// process is gone).
pub fn of_process(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces:
    // fields are counted after its closing parenthesis, where field 3 is
    // first; utime and stime are fields 14 and 15.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    let ticks = rustix::param::clock_ticks_per_second().max(1);
    Some(Duration::from_nanos(
        (utime + stime) * 1_000_000_000 / ticks,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_is_charged_to_this_process() {
        let before = this_process();
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
        }
        assert!(this_process() > before, "{x}");
    }

    #[test]
    fn another_process_is_read_from_proc_on_linux() {
        let me = of_process(std::process::id());
        if cfg!(target_os = "linux") {
            assert!(me.is_some());
        }
        assert_eq!(of_process(u32::MAX), None);
    }
}
