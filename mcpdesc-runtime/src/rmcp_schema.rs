//! A schema as rmcp's typed `ElicitationSchema`, built from the model without going through
//! JSON (feature `rmcp`).
//!
//! rmcp's request parameters hold its typed schema. Reading that type from the wire JSON costs
//! tens of microseconds (its schema types are untagged enums), which a form filled per request
//! would pay each time; building it from the model costs what the values cost. Anything rmcp's
//! types cannot hold as built here (a bound beyond their integer types, a combination its
//! builders refuse) goes through the wire JSON instead. The result is what reading the wire JSON
//! gives (tested side by side), except that a number keeps its exact value where serde_json's
//! reader (without `float_roundtrip`) would round its last digit.

use std::collections::BTreeMap;

use rmcp::model::{
    BooleanSchema, ConstTitle, ElicitationSchema, EnumSchema, IntegerSchema, LegacyEnumSchema,
    NumberSchema, PrimitiveSchemaDefinition, SingleSelectEnumSchema, StringSchema,
    TitledSingleSelectEnumSchema,
};

use crate::schema::{
    ChoiceStyle, Choices, Number, Property, PropertyKind, RequestedSchema, StringFormat,
};

/// The schema as rmcp's typed schema: built directly, else read from the wire JSON.
pub(crate) fn typed(schema: &RequestedSchema) -> Result<ElicitationSchema, serde_json::Error> {
    match direct(schema) {
        Some(typed) => Ok(typed),
        None => serde_json::from_str(schema.wire_json()),
    }
}

/// The schema as rmcp's typed `ElicitationSchema`, what rmcp's request parameters hold: for a
/// server that builds its own `ElicitRequestParams` instead of asking with [`ask!`](crate::ask).
/// Built from the model, which costs a few microseconds where reading the wire JSON would cost
/// tens; it serializes to the same JSON. An error means rmcp cannot represent the schema.
///
/// ```
/// # use mcpdesc_runtime::ElicitationForm;
/// use mcpdesc_runtime::session::rmcp_schema;
///
/// #[derive(ElicitationForm)]
/// struct Confirm { confirm: bool }
/// let typed = rmcp_schema(Confirm::requested_schema()).unwrap();
/// assert_eq!(
///     serde_json::to_string(&typed).unwrap(),
///     Confirm::requested_schema().wire_json()
/// );
/// ```
///
/// # Errors
///
/// The `serde_json` error of rmcp's typed schema when it cannot represent this one.
pub fn rmcp_schema(schema: &RequestedSchema) -> Result<ElicitationSchema, serde_json::Error> {
    typed(schema)
}

/// The schema built from the model, or `None` where rmcp's types (as built here) cannot hold it.
pub(crate) fn direct(schema: &RequestedSchema) -> Option<ElicitationSchema> {
    let mut properties = BTreeMap::new();
    let mut order = Vec::with_capacity(schema.properties().len());
    for property in schema.properties() {
        properties.insert(property.name().to_owned(), definition(property)?);
        order.push(property.name().to_owned());
    }
    let mut typed = ElicitationSchema::new(properties);
    typed.property_order = Some(order);
    let required: Vec<String> = schema.required().map(str::to_owned).collect();
    typed.required = (!required.is_empty()).then_some(required);
    Some(typed)
}

fn texts(property: &Property) -> (Option<String>, Option<String>) {
    let s = property.schema();
    (
        s.title().map(str::to_owned),
        s.description().map(str::to_owned),
    )
}

fn definition(property: &Property) -> Option<PrimitiveSchemaDefinition> {
    let (title, description) = texts(property);
    let length = |n: Option<u64>| n.map(u32::try_from).transpose().ok();
    Some(match property.schema().kind() {
        PropertyKind::String(s) => {
            let mut t = StringSchema::new();
            t.title = title.map(Into::into);
            t.description = description.map(Into::into);
            t.min_length = length(s.min_length)?;
            t.max_length = length(s.max_length)?;
            t.format = match s.format {
                None => None,
                Some(StringFormat::Email) => Some(rmcp::model::StringFormat::Email),
                Some(StringFormat::Uri) => Some(rmcp::model::StringFormat::Uri),
                Some(StringFormat::Date) => Some(rmcp::model::StringFormat::Date),
                Some(StringFormat::DateTime) => Some(rmcp::model::StringFormat::DateTime),
                // A format rmcp's types do not know goes through the wire JSON.
                Some(_) => return None,
            };
            t.default = s.default.as_deref().map(str::to_owned);
            PrimitiveSchemaDefinition::String(t)
        }
        PropertyKind::Number(n) => {
            let mut t = NumberSchema::new();
            t.title = title.map(Into::into);
            t.description = description.map(Into::into);
            t.minimum = n.minimum.map(Number::as_f64);
            t.maximum = n.maximum.map(Number::as_f64);
            t.default = n.default.map(Number::as_f64);
            PrimitiveSchemaDefinition::Number(t)
        }
        PropertyKind::Integer(n) => {
            let int = |b: Option<Number>| match b {
                None => Some(None),
                Some(Number::Int(i)) => i64::try_from(i).ok().map(Some),
                Some(Number::Float(_)) => None,
            };
            let mut t = IntegerSchema::new();
            t.title = title.map(Into::into);
            t.description = description.map(Into::into);
            t.minimum = int(n.minimum)?;
            t.maximum = int(n.maximum)?;
            t.default = int(n.default)?;
            PrimitiveSchemaDefinition::Integer(t)
        }
        PropertyKind::Boolean { default } => {
            let mut t = BooleanSchema::new();
            t.title = title.map(Into::into);
            t.description = description.map(Into::into);
            t.default = *default;
            PrimitiveSchemaDefinition::Boolean(t)
        }
        PropertyKind::SingleSelect(s) if s.choices.is_unfilled() => {
            // The static shape of run-time choices: a plain string.
            let mut t = StringSchema::new();
            t.title = title.map(Into::into);
            t.description = description.map(Into::into);
            t.default = s.default.as_deref().map(str::to_owned);
            PrimitiveSchemaDefinition::String(t)
        }
        PropertyKind::SingleSelect(s) => {
            let default = s.default.as_deref().map(str::to_owned);
            PrimitiveSchemaDefinition::Enum(match s.choices.style() {
                ChoiceStyle::Untitled => {
                    let mut b = EnumSchema::builder(values(&s.choices));
                    if let Some(t) = title {
                        b = b.title(t);
                    }
                    if let Some(d) = description {
                        b = b.description(d);
                    }
                    if let Some(v) = default {
                        b = b.with_default(v).ok()?;
                    }
                    b.build()
                }
                ChoiceStyle::Titled => {
                    let mut t = TitledSingleSelectEnumSchema::new(const_titles(&s.choices));
                    t.title = title.map(Into::into);
                    t.description = description.map(Into::into);
                    t.default = default;
                    EnumSchema::Single(SingleSelectEnumSchema::Titled(t))
                }
                ChoiceStyle::LegacyEnumNames => {
                    let mut t = LegacyEnumSchema::new(values(&s.choices));
                    t.title = title.map(Into::into);
                    t.description = description.map(Into::into);
                    t.enum_names = Some(
                        s.choices
                            .options()
                            .iter()
                            .map(|c| c.shown().to_owned())
                            .collect(),
                    );
                    t.default = default;
                    EnumSchema::Legacy(t)
                }
                // A style rmcp's builders do not know goes through the wire JSON.
                _ => return None,
            })
        }
        PropertyKind::MultiSelect(m) => {
            let mut b = EnumSchema::builder(values(&m.choices));
            if m.choices.style() == ChoiceStyle::Titled {
                let titles = m
                    .choices
                    .options()
                    .iter()
                    .map(|c| c.shown().to_owned())
                    .collect();
                b = b.enum_titles(titles).ok()?;
            }
            if let Some(t) = title {
                b = b.title(t);
            }
            if let Some(d) = description {
                b = b.description(d);
            }
            let mut b = b.multiselect();
            if let Some(n) = m.min_items {
                b = b.min_items(n).ok()?;
            }
            if let Some(n) = m.max_items {
                b = b.max_items(n).ok()?;
            }
            match m.default_values() {
                // rmcp's builder writes no empty default; the wire JSON would.
                Some([]) => return None,
                Some(d) => {
                    b = b
                        .with_default(d.iter().map(|v| v.to_string()).collect())
                        .ok()?
                }
                None => {}
            }
            PrimitiveSchemaDefinition::Enum(b.build())
        }
        // A kind rmcp's types do not know goes through the wire JSON.
        _ => return None,
    })
}

fn values(choices: &Choices) -> Vec<String> {
    choices.values().map(str::to_owned).collect()
}

fn const_titles(choices: &Choices) -> Vec<ConstTitle> {
    choices
        .options()
        .iter()
        .map(|c| ConstTitle::new(c.value(), c.shown()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{
        Choice, MultiSelectSchema, NumberSchema as OurNumber, PropertySchema, SingleSelectSchema,
        StringSchema as OurString,
    };

    fn via_json(schema: &RequestedSchema) -> String {
        let read: ElicitationSchema = serde_json::from_str(schema.wire_json()).unwrap();
        serde_json::to_string(&read).unwrap()
    }

    fn both(schema: &RequestedSchema) {
        let built = direct(schema).expect("built directly");
        assert_eq!(
            serde_json::to_string(&built).unwrap(),
            via_json(schema),
            "{}",
            schema.wire_json()
        );
    }

    fn titled(values: &[(&'static str, &'static str)]) -> Vec<Choice> {
        values
            .iter()
            .map(|(v, t)| Choice::new(*v, Some((*t).into())))
            .collect()
    }

    #[test]
    fn every_kind_is_built_as_reading_its_wire_json_builds_it() {
        let p = |name: &'static str, required, kind| {
            Property::new(
                name,
                required,
                PropertySchema::new(kind)
                    .with_title(format!("{name} title"))
                    .with_description("Says \"why\"."),
            )
        };
        let schema = RequestedSchema::new(vec![
            p(
                "s",
                true,
                PropertyKind::String(OurString {
                    min_length: Some(1),
                    max_length: Some(9),
                    format: Some(StringFormat::DateTime),
                    default: Some("2024-01-01T00:00:00Z".into()),
                }),
            ),
            p(
                "n",
                false,
                PropertyKind::Number(OurNumber {
                    minimum: Some(Number::Float(-1.5)),
                    maximum: Some(Number::Float(2.5)),
                    default: Some(Number::Float(0.5)),
                }),
            ),
            p(
                "i",
                true,
                PropertyKind::Integer(OurNumber {
                    minimum: Some(Number::Int(0)),
                    maximum: Some(Number::Int(255)),
                    default: Some(Number::Int(3)),
                }),
            ),
            p(
                "b",
                false,
                PropertyKind::Boolean {
                    default: Some(true),
                },
            ),
            p(
                "u",
                false,
                PropertyKind::SingleSelect(SingleSelectSchema {
                    choices: Choices::new(
                        ChoiceStyle::Untitled,
                        vec![Choice::new("x", None), Choice::new("y", None)],
                    ),
                    default: Some("y".into()),
                }),
            ),
            p(
                "t",
                false,
                PropertyKind::SingleSelect(SingleSelectSchema {
                    choices: Choices::runtime_filled(
                        ChoiceStyle::Titled,
                        titled(&[("a", "A"), ("b", "B")]),
                    ),
                    default: Some("b".into()),
                }),
            ),
            p(
                "l",
                false,
                PropertyKind::SingleSelect(SingleSelectSchema {
                    choices: Choices::new(
                        ChoiceStyle::LegacyEnumNames,
                        titled(&[("a", "A"), ("b", "B")]),
                    ),
                    default: None,
                }),
            ),
            p(
                "r",
                true,
                PropertyKind::SingleSelect(SingleSelectSchema {
                    choices: Choices::runtime(),
                    default: None,
                }),
            ),
            p(
                "mu",
                false,
                PropertyKind::MultiSelect(MultiSelectSchema {
                    choices: Choices::new(
                        ChoiceStyle::Untitled,
                        vec![Choice::new("x", None), Choice::new("y", None)],
                    ),
                    min_items: Some(1),
                    max_items: Some(2),
                    default: Some(vec!["x".into()].into()),
                }),
            ),
            p(
                "mt",
                false,
                PropertyKind::MultiSelect(MultiSelectSchema {
                    choices: Choices::new(ChoiceStyle::Titled, titled(&[("a", "A"), ("b", "B")])),
                    min_items: None,
                    max_items: Some(1),
                    default: None,
                }),
            ),
        ]);
        both(&schema);
        both(&RequestedSchema::new(Vec::new()));
    }

    #[test]
    fn numbers_are_kept_exactly_where_reading_json_would_round_them() {
        let bound = -504_477.784_772_096_84;
        let schema = RequestedSchema::new(vec![Property::new(
            "n",
            true,
            PropertySchema::new(PropertyKind::Number(OurNumber {
                minimum: Some(Number::Float(bound)),
                maximum: None,
                default: None,
            })),
        )]);
        let built = serde_json::to_value(direct(&schema).unwrap()).unwrap();
        assert_eq!(built["properties"]["n"]["minimum"].as_f64(), Some(bound));
        assert!(schema.wire_json().contains("-504477.78477209684"));
    }

    #[test]
    fn what_rmcp_cannot_hold_as_built_goes_through_the_wire_json() {
        let schema = RequestedSchema::new(vec![Property::new(
            "i",
            true,
            PropertySchema::new(PropertyKind::Integer(OurNumber {
                minimum: Some(Number::Int(i128::from(u64::MAX))),
                maximum: None,
                default: None,
            })),
        )]);
        assert!(direct(&schema).is_none());
        // The fallback reads the wire JSON, and reports what rmcp refuses: its integer bounds
        // are `i64`.
        assert!(typed(&schema).is_err());
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        fn text() -> impl Strategy<Value = Option<String>> {
            proptest::option::of("[a-zA-Z \"\\\\\u{e9}\u{2028}]{0,8}")
        }

        fn choices() -> impl Strategy<Value = (ChoiceStyle, Vec<Choice>)> {
            (
                prop::collection::btree_set("[a-z]{1,4}", 1..6),
                prop_oneof![
                    Just(ChoiceStyle::Untitled),
                    Just(ChoiceStyle::Titled),
                    Just(ChoiceStyle::LegacyEnumNames)
                ],
            )
                .prop_map(|(values, style)| {
                    let options = values
                        .into_iter()
                        .map(|v| {
                            let title = (style != ChoiceStyle::Untitled).then(|| v.to_uppercase());
                            Choice::new(v, title.map(Into::into))
                        })
                        .collect();
                    (style, options)
                })
        }

        fn kind() -> impl Strategy<Value = PropertyKind> {
            prop_oneof![
                (
                    proptest::option::of(0u64..5),
                    proptest::option::of(5u64..50),
                    proptest::option::of(prop_oneof![
                        Just(StringFormat::Email),
                        Just(StringFormat::Uri),
                        Just(StringFormat::Date),
                        Just(StringFormat::DateTime)
                    ]),
                    text(),
                )
                    .prop_map(|(min_length, max_length, format, default)| {
                        PropertyKind::String(OurString {
                            min_length,
                            max_length,
                            format,
                            default: default.map(Into::into),
                        })
                    }),
                // Quarters: decimals that serde_json (without `float_roundtrip`) reads back
                // exactly, so reading the wire JSON loses nothing to compare against.
                (
                    proptest::option::of((-4_000_000i32..0).prop_map(|q| f64::from(q) / 4.0)),
                    proptest::option::of((0i32..4_000_000).prop_map(|q| f64::from(q) / 4.0)),
                    proptest::option::of(-5i64..5)
                )
                    .prop_map(|(min, max, default)| {
                        PropertyKind::Number(OurNumber {
                            minimum: min.map(Number::Float),
                            maximum: max.map(Number::Float),
                            default: default.map(|d| Number::Int(i128::from(d))),
                        })
                    }),
                (
                    proptest::option::of(any::<i32>()),
                    proptest::option::of(any::<i32>())
                )
                    .prop_map(|(min, max)| {
                        PropertyKind::Integer(OurNumber {
                            minimum: min.map(|m| Number::Int(i128::from(m))),
                            maximum: max.map(|m| Number::Int(i128::from(m))),
                            default: None,
                        })
                    }),
                proptest::option::of(any::<bool>())
                    .prop_map(|default| PropertyKind::Boolean { default }),
                (choices(), any::<bool>(), any::<bool>()).prop_map(
                    |((style, options), runtime, with_default)| {
                        let default = with_default.then(|| options[0].value().to_owned().into());
                        let choices = if runtime {
                            Choices::runtime_filled(style, options)
                        } else {
                            Choices::new(style, options)
                        };
                        PropertyKind::SingleSelect(SingleSelectSchema { choices, default })
                    }
                ),
                (choices(), proptest::option::of(0u64..2), any::<bool>()).prop_map(
                    |((style, options), min_items, with_default)| {
                        let style = if style == ChoiceStyle::LegacyEnumNames {
                            ChoiceStyle::Titled
                        } else {
                            style
                        };
                        let default =
                            with_default.then(|| vec![options[0].value().to_owned().into()].into());
                        PropertyKind::MultiSelect(MultiSelectSchema {
                            choices: Choices::new(style, options),
                            min_items,
                            max_items: None,
                            default,
                        })
                    }
                ),
            ]
        }

        proptest! {
            /// Whatever the model holds, the typed schema built from it is the one reading its
            /// wire JSON gives, down to the bytes it serializes to.
            #[test]
            fn built_equals_read(
                props in prop::collection::vec((kind(), any::<bool>(), text(), text()), 0..6)
            ) {
                let properties = props
                    .into_iter()
                    .enumerate()
                    .map(|(i, (kind, required, title, description))| {
                        let mut schema = PropertySchema::new(kind);
                        if let Some(t) = title {
                            schema = schema.with_title(t);
                        }
                        if let Some(d) = description {
                            schema = schema.with_description(d);
                        }
                        Property::new(format!("p{i}"), required, schema)
                    })
                    .collect();
                let schema = RequestedSchema::new(properties);
                let built = typed(&schema).unwrap();
                prop_assert_eq!(serde_json::to_string(&built).unwrap(), via_json(&schema));
            }
        }
    }
}
