//! Generated code compiles without the prelude and next to user types named like std's.

#[no_implicit_prelude]
mod without_prelude {
    #[derive(::mcpdesc_runtime::ElicitationForm)]
    pub struct Form {
        #[form(min_length = 1, default = "x")]
        pub name: ::std::string::String,
        pub maybe: ::std::option::Option<u8>,
        #[form(default = Choice::B)]
        pub choice: Choice,
        pub many: ::std::vec::Vec<Choice>,
    }

    #[derive(::mcpdesc_runtime::ElicitationEnum)]
    pub enum Choice {
        A,
        B,
    }
}

mod shadowed {
    #![allow(dead_code)]
    use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

    pub struct Result;
    pub struct Option;
    pub struct Ok;
    pub struct Some;
    pub struct None;
    pub struct String;
    pub struct Vec;
    pub struct Err;

    #[derive(ElicitationForm)]
    pub struct Form {
        pub name: std::string::String,
        pub maybe: std::option::Option<u8>,
        pub many: std::vec::Vec<Choice>,
    }

    #[derive(ElicitationEnum)]
    pub enum Choice {
        A,
    }
}

#[test]
fn both_forms_work() {
    use mcpdesc_runtime::ElicitationForm;
    let content = serde_json::json!({"name": "n", "choice": "A", "many": ["B"], "maybe": 3});
    let form = without_prelude::Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(form.maybe, Some(3));
    let Err(err) = shadowed::Form::from_content(content.as_object().unwrap()) else {
        panic!("\"B\" is not a choice of shadowed::Choice");
    };
    assert_eq!(err.problems()[0].property(), "many");
}
