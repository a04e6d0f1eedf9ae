#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| snl_fuzz::run("plot", data));
