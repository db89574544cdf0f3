//! The command line's way into the back office: `create-admin` for the first admin,
//! `seed-demo --with-admin` for a demo one, and `order-status` to move an order. Passwords are
//! never printed except the demo's.

use std::io::{BufRead, IsTerminal};

use anyhow::{Context, bail};
use fields::{Email, PersonName};
use rand::RngCore;

use crate::config::Config;

fn admin(
    config: &Config,
    email: &Email,
    name: &PersonName,
    password: Option<&accounts::NewPassword>,
) -> anyhow::Result<accounts::staff::StaffMember> {
    let hasher = accounts::PasswordHasher::new(config.bcrypt_cost);
    let hash = password
        .map(|password| hasher.hash(password.as_str()))
        .transpose()?;
    let shop = crate::shop_profile::ShopProfile::load(config.shop_profile.as_deref())?;
    let pool = db::connect_pool(&config.database_url, 1)?;
    let mail = shop.mail_context(
        &config.public_url,
        crate::secret_keys::order_link_key(&pool)?,
    );
    let mut conn = pool
        .get()
        .with_context(|| format!("connecting to {:?}", config.database_url))?;
    let (member, created) =
        accounts::staff::create_admin(&mut conn, email, name, hash.as_deref(), &mail)?;
    println!(
        "{} {} is {} admin (user id {})",
        if created { "created" } else { "updated" },
        member.email,
        if created { "a new" } else { "now an" },
        member.id
    );
    Ok(member)
}

/// `storefront create-admin EMAIL [--name NAME] [--mail-link]`.
pub fn create_admin(
    config: &Config,
    email: &str,
    name: &str,
    mail_link: bool,
) -> anyhow::Result<()> {
    let email = Email::parse(email).map_err(anyhow::Error::msg)?;
    let name = PersonName::parse(name).map_err(anyhow::Error::msg)?;
    if mail_link {
        admin(config, &email, &name, None)?;
        println!(
            "a link to choose the password is queued for {} (the running shop's mail worker sends it)",
            email.as_str()
        );
    } else {
        let password = read_password()?;
        admin(config, &email, &name, Some(&password))?;
    }
    println!(
        "sign in at {}/admin; an authenticator app is set up at the first sign-in",
        config.public_url
    );
    Ok(())
}

fn read_password() -> anyhow::Result<accounts::NewPassword> {
    let stdin = std::io::stdin();
    let (password, confirmation) = if stdin.is_terminal() {
        let first = rpassword::prompt_password("Password: ")?;
        let again = rpassword::prompt_password("Password again: ")?;
        (first, again)
    } else {
        let mut line = String::new();
        stdin.lock().read_line(&mut line)?;
        let line = line.trim_end_matches(['\r', '\n']).to_owned();
        (line.clone(), line)
    };
    if password.is_empty() {
        bail!("no password given (or use --mail-link)");
    }
    accounts::NewPassword::parse(&password, Some(&confirmation)).map_err(anyhow::Error::msg)
}

/// The demo shop's admin, with a fresh random password printed once.
pub fn demo_admin(config: &Config) -> anyhow::Result<()> {
    let email = Email::parse("admin@demo.example").map_err(anyhow::Error::msg)?;
    let name = PersonName::parse("Demo Admin").map_err(anyhow::Error::msg)?;
    let mut bytes = [0u8; 9];
    rand::rng().fill_bytes(&mut bytes);
    let raw = format!("demo-{}", hex::encode(bytes));
    let password = accounts::NewPassword::parse(&raw, Some(&raw)).map_err(anyhow::Error::msg)?;
    admin(config, &email, &name, Some(&password))?;
    println!(
        "demo admin: {} / {raw}\n  sign in at {}/admin and scan the QR code with an authenticator app (the second factor)",
        email.as_str(),
        config.public_url
    );
    Ok(())
}

/// `order-status`'s arguments: the status and what the move needs.
pub struct OrderMoveArgs {
    pub status: String,
    pub carrier: Option<String>,
    pub tracking_number: Option<String>,
    pub eway_bill_number: Option<String>,
    pub reason: Option<String>,
}

/// Moves an order as the desk does (the same checks of what a move needs), by nobody.
pub fn order_status(config: &Config, number: &str, args: OrderMoveArgs) -> anyhow::Result<()> {
    use crate::input::CheckBody;
    let body = crate::input::admin_orders::OrderMoveBody {
        status: Some(args.status),
        carrier: args.carrier,
        tracking_number: args.tracking_number,
        eway_bill_number: args.eway_bill_number,
        reason: args.reason,
        note: None,
    };
    let checked = body.check().map_err(|errors| {
        let problems: Vec<String> = errors
            .into_iter()
            .map(|(field, messages)| format!("{field}: {}", messages.join(" ")))
            .collect();
        anyhow::anyhow!("{}", problems.join("; "))
    })?;
    let shop = crate::shop_profile::ShopProfile::load(config.shop_profile.as_deref())?;
    let pool = db::connect_pool(&config.database_url, 1)?;
    let links = crate::secret_keys::order_link_key(&pool)?;
    let moves = shop.move_context(
        shop.mail_context(&config.public_url, links),
        config.phone.desk_channel(),
    )?;
    let mut conn = pool
        .get()
        .with_context(|| format!("connecting to {:?}", config.database_url))?;
    let order = orders::order::move_order(
        &mut conn,
        number,
        &checked.order_move,
        orders::order::MovedBy::default(),
        &moves,
    )?;
    println!(
        "{} is now {} (the customer's e-mail is queued)",
        order.number,
        orders::stored_as_text::Word::as_str(order.status)
    );
    Ok(())
}

/// The hourly sweep of unpaid bank transfers, run once by hand as of `as_of` (UTC).
pub fn cancel_unpaid(config: &Config, as_of: chrono::NaiveDateTime) -> anyhow::Result<()> {
    let shop = crate::shop_profile::ShopProfile::load(config.shop_profile.as_deref())?;
    let pool = db::connect_pool(&config.database_url, 1)?;
    let links = crate::secret_keys::order_link_key(&pool)?;
    let moves = shop.move_context(
        shop.mail_context(&config.public_url, links),
        config.phone.desk_channel(),
    )?;
    let mut conn = pool
        .get()
        .with_context(|| format!("connecting to {:?}", config.database_url))?;
    let days = config.unpaid_transfer_days;
    let cancelled = orders::order::cancel_unpaid_transfers(&mut conn, as_of, days, &moves)?;
    if cancelled.is_empty() {
        println!("No unpaid bank transfers are older than {days} days.");
    } else {
        for number in &cancelled {
            println!(
                "{number} cancelled: not paid within {days} days (restocked, the customer's e-mail is queued)"
            );
        }
    }
    Ok(())
}
