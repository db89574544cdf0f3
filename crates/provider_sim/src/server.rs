//! The simulator's HTTP server on loopback, and the task that takes it down and up again.

use std::io;

use actix_web::dev::ServerHandle;
use actix_web::{App, HttpServer, web};
use tokio::sync::{mpsc, oneshot};

use crate::state::{Command, Failure, Received, SimConfig, State};
use crate::{control, msg91, whatsapp};

/// A running simulator. Dropping it stops its server.
pub struct ProviderSim {
    state: web::Data<State>,
    port: u16,
}

impl ProviderSim {
    /// Starts on a free port of 127.0.0.1. Needs a Tokio runtime.
    pub async fn start(config: SimConfig) -> io::Result<Self> {
        Self::start_on(config, 0).await
    }

    /// Starts on `port` of 127.0.0.1 (0 for a free one).
    pub async fn start_on(config: SimConfig, port: u16) -> io::Result<Self> {
        let (commands, inbox) = mpsc::unbounded_channel();
        let state = web::Data::new(State::new(config, commands));
        let (handle, port) = serve(state.clone(), port)?;
        tokio::spawn(supervise(state.clone(), handle, port, inbox));
        Ok(Self { state, port })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// `http://127.0.0.1:<port>`: the base URL for both providers' clients.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn config(&self) -> &SimConfig {
        &self.state.config
    }

    /// Every request accepted so far, oldest first.
    pub fn received(&self) -> Vec<Received> {
        self.state.received()
    }

    /// How many provider requests arrived, accepted, refused or failed on purpose.
    pub fn attempts(&self) -> usize {
        self.state.attempts()
    }

    /// Forgets requests, attempts and any failure set.
    pub fn reset(&self) {
        self.state.reset();
    }

    /// The next provider requests get `failure` instead of their answer.
    pub fn fail(&self, failure: Failure) {
        self.state.fail(failure);
    }

    /// The next `times` provider requests are answered with `status`.
    pub fn fail_next(&self, status: u16, times: u32) {
        self.fail(Failure {
            status: Some(status),
            times,
            ..Failure::default()
        });
    }

    /// Stops listening: connections to the port are refused until [`Self::come_up`].
    pub async fn go_down(&self) {
        let (ack, done) = oneshot::channel();
        if self.state.commands.send(Command::Down { ack }).is_ok() {
            let _ = done.await;
        }
    }

    /// Listens again on the same port.
    pub async fn come_up(&self) -> io::Result<()> {
        let (ack, done) = oneshot::channel();
        self.state
            .commands
            .send(Command::Up { ack })
            .map_err(|_| io::Error::other("the simulator's supervisor has ended"))?;
        done.await
            .map_err(|_| io::Error::other("the simulator's supervisor has ended"))?
    }
}

impl Drop for ProviderSim {
    fn drop(&mut self) {
        let _ = self.state.commands.send(Command::Shutdown);
    }
}

fn serve(state: web::Data<State>, port: u16) -> io::Result<(ServerHandle, u16)> {
    let server = HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            .route(
                "/{version}/{phone_number_id}/messages",
                web::post().to(whatsapp::send),
            )
            .route("/api/v5/flow", web::post().to(msg91::send))
            .route("/api/v5/flow/", web::post().to(msg91::send))
            .service(
                web::scope("/__sim")
                    .route("/received", web::get().to(control::received))
                    .route("/reset", web::post().to(control::reset))
                    .route("/fail", web::post().to(control::fail))
                    .route("/down", web::post().to(control::down))
                    .route("/webhook", web::post().to(control::webhook)),
            )
    })
    .workers(1)
    .disable_signals()
    .shutdown_timeout(1)
    .bind(("127.0.0.1", port))?;
    let port = server.addrs().first().map_or(port, |addr| addr.port());
    let server = server.run();
    let handle = server.handle();
    tokio::spawn(server);
    Ok((handle, port))
}

/// Owns the running server and obeys the commands: down, up, down for a while.
async fn supervise(
    state: web::Data<State>,
    handle: ServerHandle,
    port: u16,
    mut inbox: mpsc::UnboundedReceiver<Command>,
) {
    let mut running = Some(handle);
    while let Some(command) = inbox.recv().await {
        match command {
            Command::Down { ack } => {
                stop(&mut running).await;
                let _ = ack.send(());
            }
            Command::Up { ack } => {
                let _ = ack.send(start(&state, &mut running, port));
            }
            Command::Shutdown => {
                stop(&mut running).await;
                return;
            }
            Command::DownFor(period) => {
                stop(&mut running).await;
                tokio::time::sleep(period).await;
                if let Err(error) = start(&state, &mut running, port) {
                    eprintln!("provider-sim could not listen again on port {port}: {error}");
                }
            }
        }
    }
}

async fn stop(running: &mut Option<ServerHandle>) {
    if let Some(handle) = running.take() {
        // Gracefully: the request that asked for this gets its answer first.
        handle.stop(true).await;
    }
}

fn start(
    state: &web::Data<State>,
    running: &mut Option<ServerHandle>,
    port: u16,
) -> io::Result<()> {
    if running.is_none() {
        let (handle, _) = serve(state.clone(), port)?;
        *running = Some(handle);
    }
    Ok(())
}
