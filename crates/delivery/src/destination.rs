//! Where a parcel goes: the PIN code's district and state.

use fields::{IndianState, Pincode};

/// Where a parcel goes, as the zones match it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    pub pin: Pincode,
    /// `None` when the directory knows only the PIN code's state.
    pub district: Option<String>,
    pub state: IndianState,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DestinationError {
    /// India Post's directory does not list the PIN code, and no district and state were given.
    #[error("We do not know PIN code {0}. Please fill in the district and state.")]
    UnknownPin(String),
    /// The address names a state the PIN code is not in.
    #[error("PIN code {pin} is in {pin_state}, not {given}.")]
    WrongState {
        pin: String,
        pin_state: &'static str,
        given: &'static str,
    },
    /// A PIN code the directory does not list, with a state its first digits never serve
    /// (`pincodes::prefix_states`): otherwise any state, and its fee and restrictions, could
    /// be claimed for it.
    #[error("PIN codes starting with {prefix} are in {states}, not {given}.")]
    OutsidePrefix {
        prefix: String,
        states: String,
        given: &'static str,
    },
}

impl Destination {
    /// Where `pin` is by the directory; for a PIN code it does not list, where `given` (the
    /// address's district and state) says. Unlike [`Destination::find`], `given` is not
    /// checked against a PIN code the directory knows: it is only the fallback.
    pub fn locate(
        pin: &Pincode,
        given: Option<(&str, IndianState)>,
    ) -> Result<Self, DestinationError> {
        match pincodes::lookup(pin) {
            Some(place) => Ok(Self {
                pin: pin.clone(),
                district: place.district.map(str::to_owned),
                state: place.state,
            }),
            None => Self::find(pin, given),
        }
    }

    /// Where `pin` is, by the directory. `given` is the address's own district and state, when
    /// there is an address: it must agree with the PIN code's state, and it decides only for a
    /// PIN code the directory does not know (or, for one of the few across a state border, in
    /// the other state).
    pub fn find(
        pin: &Pincode,
        given: Option<(&str, IndianState)>,
    ) -> Result<Self, DestinationError> {
        let destination = |district: Option<&str>, state| Self {
            pin: pin.clone(),
            district: district.map(str::to_owned),
            state,
        };
        match (pincodes::lookup(pin), given) {
            (Some(place), Some((district, state))) if state != place.state => {
                if place.reaches(state) {
                    Ok(destination(Some(district), state))
                } else {
                    Err(DestinationError::WrongState {
                        pin: pin.as_str().to_owned(),
                        pin_state: place.state.name(),
                        given: state.name(),
                    })
                }
            }
            (Some(place), _) => Ok(destination(place.district, place.state)),
            (None, Some((district, state))) => {
                let states = pincodes::prefix_states(pin);
                if states.is_empty() || states.contains(&state) {
                    Ok(destination(Some(district), state))
                } else {
                    Err(DestinationError::OutsidePrefix {
                        prefix: pin.as_str()[..3].to_owned(),
                        states: states
                            .iter()
                            .map(|s| s.name())
                            .collect::<Vec<_>>()
                            .join(" or "),
                        given: state.name(),
                    })
                }
            }
            (None, None) => Err(DestinationError::UnknownPin(pin.as_str().to_owned())),
        }
    }
}
