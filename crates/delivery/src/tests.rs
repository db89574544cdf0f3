//! The demo shop's zones against real PIN codes.

use fields::{IndianState, Pincode};
use pricing::Paise;

use crate::{Destination, DestinationError, Quote, Zones};

/// The demo profile's zones (crates/server/shop-profile.demo.json), trimmed to what is tested.
fn demo(extra: serde_json::Value) -> Result<Zones, serde_json::Error> {
    let rate = |first: i64| {
        serde_json::json!({
            "bands": [
                { "up_to_grams": 5000, "fee_paise": first },
                { "up_to_grams": 25000, "fee_paise": first * 2 },
                { "up_to_grams": 50000, "fee_paise": first * 3 }
            ],
            "further": { "grams": 50000, "fee_paise": first * 3 }
        })
    };
    let mut zones = serde_json::json!([
        // Listed after its state on purpose: the district wins wherever it is listed.
        { "name": "Rest of Kerala", "areas": [{ "state": "Kerala" }], "days": { "min": 2, "max": 3 }, "rate": rate(6000) },
        { "name": "Idukki district", "areas": [{ "state": "Kerala", "district": "idukki" }], "days": { "min": 1, "max": 2 }, "rate": rate(4000) },
        { "name": "Tamil Nadu", "areas": [{ "state": "tamil nadu" }], "days": { "min": 3, "max": 4 }, "rate": rate(8000) },
        { "name": "Rest of India", "areas": [{}], "days": { "min": 5, "max": 8 }, "rate": rate(12000) },
        { "name": "Islands", "areas": [{ "state": "Lakshadweep" }, { "state": "Andaman and Nicobar Islands" }], "served": false }
    ]);
    if let (Some(list), serde_json::Value::Array(more)) = (zones.as_array_mut(), extra) {
        list.extend(more);
    }
    serde_json::from_value(zones)
}

fn at(pin: &str) -> Destination {
    Destination::find(&Pincode::parse(pin).unwrap(), None).unwrap()
}

fn zone_of(zones: &Zones, pin: &str) -> Option<(String, u8, u8, i64)> {
    match zones.quote(&at(pin)) {
        Quote::Delivers { zone, days, rate } => Some((
            zone.name.clone(),
            days.min,
            days.max,
            rate.fee(1100, Paise::new(24000)).unwrap().get(),
        )),
        Quote::NotServed => None,
    }
}

#[test]
fn idukki_before_the_rest_of_kerala_before_tamil_nadu_before_india() {
    let zones = demo(serde_json::json!([])).unwrap();
    let named = |pin| zone_of(&zones, pin).map(|(name, ..)| name);
    // Kattappana, the shop's own town, and Kumily: Idukki district.
    assert_eq!(
        zone_of(&zones, "685508"),
        Some(("Idukki district".into(), 1, 2, 4000))
    );
    assert_eq!(named("685509").as_deref(), Some("Idukki district"));
    // Kochi and Kottayam: Kerala, another district.
    assert_eq!(
        zone_of(&zones, "682001"),
        Some(("Rest of Kerala".into(), 2, 3, 6000))
    );
    assert_eq!(named("686001").as_deref(), Some("Rest of Kerala"));
    // Coimbatore and Bodinayakanur (over the hills from Idukki): Tamil Nadu.
    assert_eq!(
        zone_of(&zones, "641001"),
        Some(("Tamil Nadu".into(), 3, 4, 8000))
    );
    assert_eq!(named("625513").as_deref(), Some("Tamil Nadu"));
    // Bengaluru: the rest of India.
    assert_eq!(named("560001").as_deref(), Some("Rest of India"));
}

#[test]
fn a_zone_not_served_refuses_even_with_the_rest_of_india_served() {
    let zones = demo(serde_json::json!([])).unwrap();
    assert_eq!(zone_of(&zones, "744101"), None, "Port Blair");
    assert_eq!(zone_of(&zones, "682555"), None, "Lakshadweep");
}

#[test]
fn without_a_rest_of_india_zone_other_states_are_not_served() {
    let zones: Zones = serde_json::from_value(serde_json::json!([
        { "name": "Kerala", "areas": [{ "state": "Kerala" }], "days": { "min": 2, "max": 3 },
          "rate": { "bands": [{ "up_to_grams": 5000, "fee_paise": 6000 }], "further": { "grams": 5000, "fee_paise": 6000 } } }
    ]))
    .unwrap();
    assert!(zone_of(&zones, "682001").is_some());
    assert_eq!(zone_of(&zones, "560001"), None);
}

#[test]
fn a_pin_code_the_directory_does_not_know_goes_by_the_address() {
    let unknown = Pincode::parse("999999").unwrap();
    assert_eq!(
        Destination::find(&unknown, None),
        Err(DestinationError::UnknownPin("999999".into()))
    );
    let kerala = IndianState::parse("Kerala").unwrap();
    let by_address = Destination::find(&unknown, Some(("Idukki", kerala))).unwrap();
    let zones = demo(serde_json::json!([])).unwrap();
    assert!(
        matches!(zones.quote(&by_address), Quote::Delivers { zone, .. } if zone.name == "Idukki district")
    );
}

#[test]
fn the_pin_codes_district_decides_not_the_one_typed() {
    let kerala = IndianState::parse("Kerala").unwrap();
    // Kochi's PIN code with "Idukki" typed as its district still pays Kochi's fee.
    let kochi =
        Destination::find(&Pincode::parse("682001").unwrap(), Some(("Idukki", kerala))).unwrap();
    assert_eq!(kochi.district.as_deref(), Some("Ernakulam"));
}

#[test]
fn an_address_in_another_state_than_its_pin_code_is_refused() {
    let kerala = IndianState::parse("Kerala").unwrap();
    let coimbatore = Pincode::parse("641001").unwrap();
    let error = Destination::find(&coimbatore, Some(("Idukki", kerala))).unwrap_err();
    assert_eq!(
        error.to_string(),
        "PIN code 641001 is in Tamil Nadu, not Kerala."
    );
    // A PIN code across a border is in either state.
    let up = IndianState::parse("Uttar Pradesh").unwrap();
    let south_delhi =
        Destination::find(&Pincode::parse("110025").unwrap(), Some(("Budaun", up))).unwrap();
    assert_eq!(
        (south_delhi.state, south_delhi.district.as_deref()),
        (up, Some("Budaun"))
    );
}

#[test]
fn zones_that_cannot_work_are_refused_with_the_zones_name() {
    let error = |extra| demo(extra).unwrap_err().to_string();
    assert!(error(serde_json::json!([{ "name": "Again", "areas": [{ "state": "KERALA" }], "served": false }]))
        .contains("\"Again\""));
    assert!(error(serde_json::json!([{ "name": "Again", "areas": [{ "state": "Kerala", "district": "IDUKKI " }], "served": false }]))
        .contains("also in zone \"Idukki district\""));
    assert!(error(serde_json::json!([{ "name": "Atlantis", "areas": [{ "state": "Atlantis" }], "served": false }]))
        .contains("not a state of India"));
    assert!(error(serde_json::json!([{ "name": "Nowhere", "areas": [{ "district": "Idukki" }], "served": false }]))
        .contains("needs its state"));
    assert!(
        error(serde_json::json!([{ "name": "Goa", "areas": [{ "state": "Goa" }] }]))
            .contains("needs its days and rate")
    );
    assert!(error(serde_json::json!([{ "name": "Goa", "areas": [{ "state": "Goa" }], "served": false, "days": { "min": 1, "max": 2 } }]))
        .contains("not served has no days"));
    assert!(error(serde_json::json!([{ "name": "Goa", "areas": [{ "state": "Goa" }], "days": { "min": 3, "max": 2 },
        "rate": { "bands": [{ "up_to_grams": 1, "fee_paise": 1 }], "further": { "grams": 1, "fee_paise": 1 } } }]))
        .contains("3 to 2 days"));
    assert!(error(serde_json::json!([{ "name": "Goa", "areas": [{ "state": "Goa" }], "days": { "min": 1, "max": 2 },
        "rate": { "bands": [], "further": { "grams": 1, "fee_paise": 1 } } }]))
        .contains("at least one weight band"));
    assert!(
        error(serde_json::json!([{ "name": "Goa", "areas": [] , "served": false }]))
            .contains("covers no area")
    );
}
