//! The web app's and the API's hosts: origins as browsers write them in `Origin` (what CORS and
//! the CSP compare), and the parent domain the cookies may be shared under.

use anyhow::{Context, bail};
use url::{Host, Url};

/// `https://api.shop.example.in/` -> `https://api.shop.example.in`: scheme, lowercase host and
/// a port only when it is not the scheme's own, exactly as a browser sends `Origin`. Anything
/// more (a path, a query, a user, a wildcard) is refused: an allow-list holds exact origins.
pub fn parse_origin(raw: &str, setting: &str) -> anyhow::Result<String> {
    let raw = raw.trim();
    let url = Url::parse(raw).with_context(|| {
        format!("{setting}: `{raw}` is not an origin such as https://shop.example.in")
    })?;
    let plain_host = match url.host() {
        Some(Host::Domain(name)) => name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.'),
        Some(Host::Ipv4(_) | Host::Ipv6(_)) => true,
        None => false,
    };
    if !matches!(url.scheme(), "http" | "https") || !plain_host {
        bail!("{setting}: `{raw}` must start with http:// or https:// and name a host");
    }
    if url.path() != "/"
        || url.query().is_some()
        || url.fragment().is_some()
        || !url.username().is_empty()
        || url.password().is_some()
    {
        bail!("{setting}: `{raw}` must be an origin only (scheme, host and port), with no path");
    }
    Ok(url.origin().ascii_serialization())
}

/// The host of an `http(s)://` URL, lowercase.
pub fn host_of(url: &str) -> Option<String> {
    Url::parse(url)
        .ok()?
        .host_str()
        .map(|host| host.to_ascii_lowercase())
}

/// `COOKIE_DOMAIN`: a domain name (no scheme, port or path; a leading dot is dropped), never an
/// IP address, which browsers refuse as a cookie's `Domain`.
pub fn parse_cookie_domain(raw: &str) -> anyhow::Result<String> {
    let domain = raw.trim().trim_start_matches('.').to_ascii_lowercase();
    let valid_labels = !domain.is_empty()
        && domain.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        });
    let is_address = matches!(Host::parse(&domain), Ok(Host::Ipv4(_) | Host::Ipv6(_)));
    if !valid_labels || is_address || !domain.contains('.') {
        bail!(
            "COOKIE_DOMAIN must be a domain name with a dot such as shop.example.in (no scheme, port or path), got `{raw}`"
        );
    }
    Ok(domain)
}

/// Every URL given (named by its setting) must be on `domain` or a subdomain of it, or browsers
/// would refuse the cookies it sets or never send them there (and sign-in would fail without a
/// word).
pub fn check_cookie_domain(domain: &str, urls: &[(&str, Option<&str>)]) -> anyhow::Result<()> {
    for (setting, url) in urls {
        let Some(url) = url else { continue };
        let host = host_of(url).unwrap_or_default();
        if !within(&host, domain) {
            bail!("COOKIE_DOMAIN `{domain}` must be {setting}'s host `{host}` or a parent of it");
        }
    }
    Ok(())
}

/// Whether a cookie with `Domain=domain` reaches `host`: the domain itself or a subdomain.
pub fn within(host: &str, domain: &str) -> bool {
    host == domain
        || host
            .strip_suffix(domain)
            .is_some_and(|rest| rest.ends_with('.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_written_as_browsers_send_them() {
        assert_eq!(
            parse_origin("https://Shop.Example.in/", "X").unwrap(),
            "https://shop.example.in"
        );
        assert_eq!(
            parse_origin("https://shop.example.in:443", "X").unwrap(),
            "https://shop.example.in"
        );
        assert_eq!(
            parse_origin("http://api.shop.example.test:8081", "X").unwrap(),
            "http://api.shop.example.test:8081"
        );
    }

    #[test]
    fn anything_but_an_exact_origin_is_refused() {
        for bad in [
            "*",
            "null",
            "shop.example.in",
            "https://shop.example.in/app",
            "https://shop.example.in/?x=1",
            "https://user@shop.example.in",
            "ftp://shop.example.in",
            "https://*.example.in",
        ] {
            assert!(parse_origin(bad, "ALLOWED_ORIGINS").is_err(), "{bad}");
        }
    }

    #[test]
    fn cookie_domains() {
        assert_eq!(
            parse_cookie_domain(".Shop.Example.in").unwrap(),
            "shop.example.in"
        );
        for bad in [
            "",
            "localhost",
            "127.0.0.1",
            "https://shop.example.in",
            "shop.example.in:443",
            "shop.example.in/",
            "-shop.example.in",
        ] {
            assert!(parse_cookie_domain(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_shop_and_the_api_must_both_be_within_the_cookie_domain() {
        let shop = ("PUBLIC_URL", Some("https://shop.example.in"));
        let api = ("API_URL", Some("https://api.shop.example.in"));
        assert!(check_cookie_domain("shop.example.in", &[shop, api]).is_ok());
        assert!(check_cookie_domain("shop.example.in", &[shop, ("API_URL", None)]).is_ok());
        let elsewhere = ("API_URL", Some("https://shop-api.example.com"));
        let refused = check_cookie_domain("shop.example.in", &[shop, elsewhere]).unwrap_err();
        assert!(refused.to_string().contains("API_URL"), "{refused}");
        assert!(check_cookie_domain("api.shop.example.in", &[shop, api]).is_err());
    }

    #[test]
    fn a_domain_covers_itself_and_its_subdomains_only() {
        assert!(within("shop.example.in", "shop.example.in"));
        assert!(within("api.shop.example.in", "shop.example.in"));
        assert!(!within("evilshop.example.in", "shop.example.in"));
        assert!(!within("example.in", "shop.example.in"));
    }
}
