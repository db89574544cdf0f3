//! A PIN code India Post's directory does not list still belongs to the states of its first
//! digits: an address cannot claim another state (and its cheaper fee, or a state a product
//! may be shipped to).

use serde_json::Value;

use crate::checkout::{checkout, key, order_body, shopper_with_cart};
use crate::helpers::spawn_apps;

/// An order to a Coimbatore address with `pincode` and `state`.
fn coimbatore(pincode: &str, district: &str, state: &str) -> Value {
    let mut body = order_body("Tamil Nadu", "cod");
    let address = &mut body["shipping_address"];
    address["city"] = "Coimbatore".into();
    address["district"] = district.into();
    address["state"] = state.into();
    address["pincode"] = pincode.into();
    body
}

#[actix_web::test]
async fn an_unlisted_pin_code_keeps_to_the_states_of_its_prefix() {
    for app in spawn_apps().await {
        let name = app.name();
        assert_eq!(
            pincodes::lookup(&fields::Pincode::parse("641999").unwrap()),
            None,
            "641999 is not in the directory"
        );
        let shopper = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        let (status, answer, _) =
            checkout(&shopper, &key(), coimbatore("641999", "Idukki", "Kerala")).await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert_eq!(
            answer["errors"]["shipping_address.state"][0],
            "PIN codes starting with 641 are in Tamil Nadu, not Kerala.",
            "{name}: {answer}"
        );

        let (status, unlisted, _) = checkout(
            &shopper,
            &key(),
            coimbatore("641999", "Coimbatore", "Tamil Nadu"),
        )
        .await;
        assert_eq!(status, 201, "{name}: {unlisted}");
        let known = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        let (status, listed, _) = checkout(
            &known,
            &key(),
            coimbatore("641001", "Coimbatore", "Tamil Nadu"),
        )
        .await;
        assert_eq!(status, 201, "{name}: {listed}");
        assert_eq!(
            unlisted["totals"]["shipping"], listed["totals"]["shipping"],
            "{name}: the fee of Tamil Nadu"
        );
        assert_eq!(unlisted["place_of_supply"], "inter_state", "{name}");
    }
}
