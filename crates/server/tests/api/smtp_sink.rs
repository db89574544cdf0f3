//! A minimal SMTP server for tests: accepts every message and keeps it.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

pub struct SmtpSink {
    pub received: Arc<Mutex<Vec<String>>>,
}

impl SmtpSink {
    /// Serves on `listener` (a port the test chose before the app was configured).
    pub fn start_on(listener: TcpListener) -> Self {
        let received = Arc::new(Mutex::new(Vec::new()));
        let store = Arc::clone(&received);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let store = Arc::clone(&store);
                std::thread::spawn(move || {
                    let mut writer = stream.try_clone().unwrap();
                    let mut reader = BufReader::new(stream);
                    let _ = writer.write_all(b"220 sink ESMTP\r\n");
                    let mut line = String::new();
                    loop {
                        line.clear();
                        if reader.read_line(&mut line).unwrap_or(0) == 0 {
                            return;
                        }
                        let command = line.trim_end().to_uppercase();
                        let reply: &[u8] = if command.starts_with("EHLO") {
                            b"250-sink\r\n250 8BITMIME\r\n"
                        } else if command.starts_with("DATA") {
                            let _ = writer.write_all(b"354 go ahead\r\n");
                            let mut message = String::new();
                            loop {
                                line.clear();
                                if reader.read_line(&mut line).unwrap_or(0) == 0
                                    || line.trim_end() == "."
                                {
                                    break;
                                }
                                message.push_str(&line);
                            }
                            store.lock().unwrap().push(message);
                            b"250 queued\r\n"
                        } else if command.starts_with("QUIT") {
                            let _ = writer.write_all(b"221 bye\r\n");
                            return;
                        } else {
                            b"250 ok\r\n"
                        };
                        let _ = writer.write_all(reply);
                    }
                });
            }
        });
        Self { received }
    }
}
