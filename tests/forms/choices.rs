//! The choices the forms of this binary's tests share: an untitled multi-select's and a titled
//! single-select's.

use mcpdesc_runtime::ElicitationEnum;

#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[form(rename_all = "lowercase")]
pub(crate) enum Label {
    Bug,
    Feature,
    Docs,
}

#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Priority {
    #[form(title = "Low")]
    Low,
    #[form(title = "High")]
    High,
}
