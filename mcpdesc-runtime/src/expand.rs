//! The fixed parts of what the derives generate, as `macro_rules!` macros the derives invoke.
//!
//! Not public API. A derive emits one short invocation naming only what differs between forms
//! (identifiers, literals, and the expressions spanned at a field's type that carry its checks);
//! the macro writes the rest. The impls are the same as if the derive wrote them out, but the
//! derive crate does not carry the code that builds them token by token, so it compiles faster.
//! The two crates are released together with an exact version pin, so a macro and the derive that
//! invokes it always agree on its input.

/// The impls of `ElicitationEnum` and `FormValue` for a derived enum.
///
/// `$style` is a `ChoiceStyle` variant; `choices` the wire values with their titles (a title is
/// an empty bracket when there is none); `idents` the variants' identifiers as text, the skipped
/// ones last; `skipped` the skipped variants with their (never read) values.
#[doc(hidden)]
#[macro_export]
macro_rules! __enum_impl {
    (
        $enum:ident, $name:literal, $style:ident,
        choices [$($var:ident = $value:literal [$($title:literal)?]),*],
        idents [$($ident:literal),*],
        skipped [$($skipped:ident = $skipped_value:literal),*]
    ) => {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all, clippy::absolute_paths)]
        const _: () = {
            #[automatically_derived]
            impl $crate::__private::ElicitationEnum for $enum {
                const CHOICES: $crate::__private::EnumChoices = $crate::__private::EnumChoices {
                    type_name: $name,
                    style: $crate::__private::ChoiceStyle::$style,
                    choices: &[$(
                        $crate::__private::Choice::from_static(
                            $value,
                            $crate::__enum_impl!(@title $($title)?),
                        )
                    ),*],
                    idents: &[$($ident),*],
                };

                const __READS_EXACTLY: bool = true;

                fn value(&self) -> &'static str {
                    match *self {
                        $( $enum::$var => $value, )*
                        $( $enum::$skipped => $skipped_value, )*
                    }
                }

                fn from_value(__value: &str) -> $crate::__private::Option<Self> {
                    match __value {
                        $( $value => $crate::__private::Some($enum::$var), )*
                        _ => $crate::__private::None,
                    }
                }
            }

            #[automatically_derived]
            impl $crate::__private::FormValue for $enum {
                const KIND: $crate::__private::ValueKind = $crate::__private::ValueKind::SingleSelect(
                    <$enum as $crate::__private::ElicitationEnum>::CHOICES,
                );

                fn from_json(__value: &$crate::__private::Value) -> $crate::__private::Option<Self> {
                    $crate::__private::enum_from_json::<$enum>(__value)
                }

                // `from_value` above matches exactly the choices, the property's only rule.
                fn __convert_proven(
                    __value: &$crate::__private::Value,
                    _: &$crate::__private::Property,
                ) -> $crate::__private::Option<Self> {
                    $crate::__private::enum_from_json::<$enum>(__value)
                }

                fn to_json(&self) -> $crate::__private::Value {
                    $crate::__private::enum_to_json::<$enum>(self)
                }
            }
        };
    };
    (@title) => { $crate::__private::None };
    (@title $title:literal) => { $crate::__private::Some($title) };
}

/// What a form derive emits beside its errors: impls that keep the rest of the crate compiling,
/// so one mistake in a form does not cascade into errors at every use of it.
#[doc(hidden)]
#[macro_export]
macro_rules! __dummy_form {
    ([$($impl_generics:tt)*] $form:ident [$($ty_generics:tt)*] [$($where_clause:tt)*]) => {
        const _: () = {
            impl $($impl_generics)* $crate::__private::ElicitationForm
                for $form $($ty_generics)* $($where_clause)*
            {
                const PROTOCOL_VERSIONS: $crate::__private::VersionSet =
                    $crate::__private::VersionSet::EMPTY;

                fn requested_schema() -> &'static $crate::__private::RequestedSchema {
                    static __MCPDESC_WIRE: $crate::__private::WireCell =
                        $crate::__private::WireCell::new();
                    static __MCPDESC_SCHEMA: $crate::__private::RequestedSchema =
                        $crate::__private::RequestedSchema::from_static_with_wire(
                            &[],
                            &__MCPDESC_WIRE,
                        );
                    &__MCPDESC_SCHEMA
                }

                fn from_content(
                    _: &$crate::__private::Map<$crate::__private::String, $crate::__private::Value>,
                ) -> $crate::__private::Result<Self, $crate::__private::ContentError> {
                    $crate::__private::Err($crate::__private::into_error(
                        $crate::__private::Problems::new(),
                    ))
                }

                fn to_content(
                    &self,
                ) -> $crate::__private::Map<$crate::__private::String, $crate::__private::Value> {
                    $crate::__private::Map::new()
                }
            }

            impl $($impl_generics)* $crate::__private::StaticForm
                for $form $($ty_generics)* $($where_clause)*
            {
            }
        };
    };
}

/// What an enum derive emits beside its errors (see [`__dummy_form!`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __dummy_enum {
    ([$($impl_generics:tt)*] $enum:ident [$($ty_generics:tt)*] [$($where_clause:tt)*]) => {
        const _: () = {
            impl $($impl_generics)* $crate::__private::ElicitationEnum
                for $enum $($ty_generics)* $($where_clause)*
            {
                const CHOICES: $crate::__private::EnumChoices = $crate::__private::EnumChoices {
                    type_name: ::core::stringify!($enum),
                    style: $crate::__private::ChoiceStyle::Untitled,
                    choices: &[],
                    idents: &[],
                };

                fn value(&self) -> &'static str {
                    ""
                }

                fn from_value(_: &str) -> $crate::__private::Option<Self> {
                    $crate::__private::None
                }
            }

            impl $($impl_generics)* $crate::__private::FormValue
                for $enum $($ty_generics)* $($where_clause)*
            {
                const KIND: $crate::__private::ValueKind = $crate::__private::ValueKind::SingleSelect(
                    <Self as $crate::__private::ElicitationEnum>::CHOICES,
                );

                fn from_json(_: &$crate::__private::Value) -> $crate::__private::Option<Self> {
                    $crate::__private::None
                }

                fn to_json(&self) -> $crate::__private::Value {
                    $crate::__private::Value::Null
                }
            }
        };
    };
}

/// The impls of a derived form: its `static` schema, `ElicitationForm` (reading an answer in two
/// passes, see below) and `FormStatics`, with `StaticForm` when all its choices are known at
/// compile time.
///
/// Each field is `{ var, index, "wire name", member, read, read_proven, write, [flag = required],
/// value, property }`, where `var` and `flag` (present when the field has a default) name its
/// locals, `read`, `read_proven` and `write` are its reader trait's functions (spanned at its
/// type by the derive), and `value` makes the member from `var` (taking the default when the flag
/// says so). `checks` are the field checks (`const` items); `fill` the `FormChoices` impl
/// when the form has run-time parts; `default` the statement that makes the struct's serde
/// default, if any.
#[doc(hidden)]
#[macro_export]
macro_rules! __form_impl {
    (
        $form:ident, $name:literal, $n:literal,
        static_form [$($static_form:ident)?],
        default {$($struct_default:tt)*},
        fields [$({
            $var:ident, $index:literal, $wire:literal, $member:ident,
            $read:expr, $read_proven:expr, $write:expr,
            [$($flag:ident = $required:expr)?], $value:expr,
            $property:expr
        }),*],
        skipped [$($skipped:ident: $skipped_value:expr),*],
        checks {$($checks:tt)*},
        fill {$($fill:tt)*}
    ) => {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all, clippy::absolute_paths)]
        const _: () = {
            static __MCPDESC_PROPERTIES: [$crate::__private::Property; $n] = [$($property),*];
            static __MCPDESC_WIRE: $crate::__private::WireCell = $crate::__private::WireCell::new();
            static __MCPDESC_SCHEMA: $crate::__private::RequestedSchema =
                $crate::__private::RequestedSchema::from_static_with_wire(
                    &__MCPDESC_PROPERTIES,
                    &__MCPDESC_WIRE,
                );

            $($checks)*

            #[automatically_derived]
            impl $crate::__private::ElicitationForm for $form {
                const PROTOCOL_VERSIONS: $crate::__private::VersionSet =
                    __MCPDESC_SCHEMA.protocol_versions();

                fn requested_schema() -> &'static $crate::__private::RequestedSchema {
                    &__MCPDESC_SCHEMA
                }

                fn from_content(
                    __content: &$crate::__private::Map<$crate::__private::String, $crate::__private::Value>,
                ) -> $crate::__private::Result<Self, $crate::__private::ContentError> {
                    <Self as $crate::__private::ElicitationForm>::__from_content_in(
                        __content,
                        &__MCPDESC_PROPERTIES,
                    )
                }

                #[allow(unused_variables, unused_mut, unreachable_code, unused_labels)]
                fn __from_content_in(
                    __content: &$crate::__private::Map<$crate::__private::String, $crate::__private::Value>,
                    __properties: &[$crate::__private::Property],
                ) -> $crate::__private::Result<Self, $crate::__private::ContentError> {
                    // One pass over the answer; unknown properties are ignored.
                    let mut __found: [$crate::__private::Option<&$crate::__private::Value>; $n] =
                        [$crate::__private::None; $n];
                    for (__key, __value) in __content {
                        match __key.as_str() {
                            $( $wire => __found[$index] = $crate::__private::Some(__value), )*
                            _ => {}
                        }
                    }
                    // The schema as sent (same properties, in order), else the static one.
                    let __properties =
                        $crate::__private::properties_as_sent(__properties, &__MCPDESC_PROPERTIES);
                    $($(
                        let $flag = $crate::__private::takes_default(__found[$index], $required);
                    )?)*
                    // Fields proven first, recording nothing; at the first that is not, the full reading.
                    'proven: {
                        $(
                            $crate::__form_impl!(
                                @proven ('proven, __found, __properties)
                                $var, $index, $read_proven, [$($flag)?]
                            );
                        )*
                        $($struct_default)*
                        return $crate::__private::Ok($form {
                            $($member: $value,)*
                            $($skipped: $skipped_value,)*
                        });
                    }
                    let mut __problems = $crate::__private::Problems::new();
                    $(
                        $crate::__form_impl!(
                            @read (__found, __properties, __problems)
                            $var, $index, $read, [$($flag)?]
                        );
                    )*
                    match ($($var,)*) {
                        ($($crate::__private::Some($var),)*) => {
                            $($struct_default)*
                            $crate::__private::Ok($form {
                                $($member: $value,)*
                                $($skipped: $skipped_value,)*
                            })
                        }
                        #[allow(unreachable_patterns)]
                        _ => $crate::__private::Err($crate::__private::into_error(__problems)),
                    }
                }

                fn to_content(
                    &self,
                ) -> $crate::__private::Map<$crate::__private::String, $crate::__private::Value> {
                    let mut __content = $crate::__private::Map::new();
                    $( $write(&self.$member, &mut __content, $wire); )*
                    __content
                }
            }

            #[automatically_derived]
            impl $crate::__private::FormStatics for $form {
                const SCHEMA: &'static $crate::__private::RequestedSchema = &__MCPDESC_SCHEMA;
                const MISFITS: &'static [[&'static str; 3]] = &[$([
                    ::core::concat!(
                        "field `", ::core::stringify!($member), "` of `", ::core::stringify!($form),
                        "` has a non-boolean `default`, which MCP 2025-06-18 does not support; ",
                        "remove \"2025-06-18\" from `protocol_versions` and describe that version with a form that fits it, ",
                        "or drop the default",
                    ),
                    ::core::concat!(
                        "field `", ::core::stringify!($member), "` of `", ::core::stringify!($form),
                        "` is a titled single-select (`oneOf`), which MCP 2025-06-18 does not support; ",
                        "remove \"2025-06-18\" from `protocol_versions` and describe that version with a form that fits it, ",
                        "or use `legacy_enum_names` on its enum",
                    ),
                    ::core::concat!(
                        "field `", ::core::stringify!($member), "` of `", ::core::stringify!($form),
                        "` is a multi-select, which MCP 2025-06-18 does not support; ",
                        "remove \"2025-06-18\" from `protocol_versions` and describe that version with a form that fits it",
                    ),
                ]),*];
            }

            $(
                #[automatically_derived]
                impl $crate::__private::$static_form for $form {}
            )?

            $($fill)*

            $crate::__impl_json_schema!($form, $name);
        };
    };
    // A field proven by its conversion, else a break out of the proven pass.
    (@proven ($label:lifetime, $found:ident, $properties:ident) $var:ident, $index:literal, $read_proven:expr, []) => {
        let $crate::__private::Some($var) = $read_proven($found[$index], &$properties[$index]) else {
            break $label;
        };
    };
    (@proven ($label:lifetime, $found:ident, $properties:ident) $var:ident, $index:literal, $read_proven:expr, [$flag:ident]) => {
        let $var = if $flag {
            $crate::__private::None
        } else {
            let $crate::__private::Some($var) = $read_proven($found[$index], &$properties[$index]) else {
                break $label;
            };
            $crate::__private::Some($var)
        };
    };
    // A field read, its problems recorded; `None` when it has any.
    (@read ($found:ident, $properties:ident, $problems:ident) $var:ident, $index:literal, $read:expr, []) => {
        let $var = $read($found[$index], &$properties[$index], &mut $problems);
    };
    (@read ($found:ident, $properties:ident, $problems:ident) $var:ident, $index:literal, $read:expr, [$flag:ident]) => {
        let $var = if $flag {
            $crate::__private::Some($crate::__private::None)
        } else {
            $crate::__private::Option::map(
                $read($found[$index], &$properties[$index], &mut $problems),
                $crate::__private::Some,
            )
        };
    };
}

/// The `...Choices` and `...Defaults` types of a form with run-time parts, written beside the form
/// with its visibility.
///
/// The fill type has a `ChoiceList` per run-time field and the defaults; the defaults type an
/// `Option` of each field's value (`$value`, spanned at the field's type by the derive, as are
/// `$none` and the member's initializer in braces, so that a type that cannot be a field is
/// reported there once).
#[doc(hidden)]
#[macro_export]
macro_rules! __fill_types {
    (
        [$($non_exhaustive:tt)*] $vis:vis $fill:ident, $defaults:ident, $form:ident,
        choices [$($choices:ident $choices_wire:literal),*],
        defaults [$($member:ident $wire:literal: $value:ty = $var:ident, $none:expr, {$($init:tt)*}),*]
    ) => {
        #[doc = ::core::concat!(
            "The run-time part of [`", ::core::stringify!($form), "`]: what is given when the form ",
            "is sent. Prepare it with [`FormChoices::prepare`](::mcpdesc_runtime::choices::FormChoices::prepare).",
        )]
        // The paths the derive writes at a field's type count as the user's code.
        #[allow(clippy::absolute_paths)]
        $($non_exhaustive)*
        $vis struct $fill {
            $(
                #[doc = ::core::concat!(
                    "The choices of `", $choices_wire, "`, given when the form is sent ",
                    "(at least one, values distinct and non-empty).",
                )]
                pub $choices: $crate::choices::ChoiceList,
            )*
            /// Defaults set when the form is sent.
            pub defaults: $defaults,
        }

        #[doc = ::core::concat!(
            "Defaults of [`", ::core::stringify!($form), "`]'s fields given when the form is sent, ",
            "each typed as its field.",
        )]
        #[allow(clippy::absolute_paths)]
        $($non_exhaustive)*
        $vis struct $defaults {
            $(
                #[doc = ::core::concat!(
                    "A default for `", $wire, "` set when the form is sent ",
                    "(`None`: the form's own, if any).",
                )]
                pub $member: $value,
            )*
        }

        #[automatically_derived]
        #[allow(clippy::absolute_paths)]
        impl ::core::default::Default for $defaults {
            /// No default set at send time.
            fn default() -> Self {
                // Each member's type is checked by its own binding, at the field's type: a type
                // that cannot be a field is reported there, not again at the derive.
                $( let $var: $value = $none; )*
                $defaults { $( $($init)*, )* }
            }
        }
    };
}

/// Whether a number literal's type suffix (`u8`, `f32`, ...) names another type than the
/// numeric field `[$field]` (its `<Ty as FormField>`), by the field's `KIND` and `FLOAT_MAX`.
#[doc(hidden)]
#[macro_export]
macro_rules! __suffix_differs {
    ([$($field:tt)*] f32) => { $crate::__suffix_differs!(@float [$($field)*] f32) };
    ([$($field:tt)*] f64) => { $crate::__suffix_differs!(@float [$($field)*] f64) };
    (@float [$($field:tt)*] $float:ident) => {
        $crate::__private::float_suffix_differs(
            $($field)*::KIND,
            $($field)*::FLOAT_MAX,
            ::core::primitive::$float::MAX as ::core::primitive::f64,
        )
    };
    ([$($field:tt)*] $int:ident) => {
        $crate::__private::int_suffix_differs(
            $($field)*::KIND,
            ::core::primitive::$int::MIN as ::core::primitive::i128,
            ::core::primitive::$int::MAX as ::core::primitive::i128,
        )
    };
}

/// The `FormChoices` impl of a form's fill type: the run-time choices (by property index), then
/// the defaults, given to a `Filler` over `$schema`. The defaults are taken out of `self` as
/// `$defaults`, which each default's expression (`default_json` of its member, spanned at the
/// field's type by the derive) reads.
#[doc(hidden)]
#[macro_export]
macro_rules! __fill_impl {
    (
        $fill:ident, $form:ident, $schema:expr,
        choices [$($choices_index:literal $choices:ident),*],
        defaults $defaults:ident [$($index:literal $default:expr),*]
    ) => {
        #[automatically_derived]
        impl $crate::__private::FormChoices for $fill {
            type Form = $form;

            fn prepare(
                self,
                __version: $crate::__private::Option<$crate::__private::ProtocolVersion>,
            ) -> $crate::__private::Result<
                $crate::__private::Prepared<$form>,
                $crate::__private::ChoicesError,
            > {
                let mut __filler = $crate::__private::Filler::new($schema, __version);
                $( __filler.choices($choices_index, self.$choices); )*
                let $defaults = self.defaults;
                $( __filler.default($index, $default); )*
                __filler.finish()
            }
        }
    };
}

/// An `#[elicitation]` declaration: its typed handle, a `const` named `$handle` with the
/// function's visibility, whose initializer holds the declaration's compile-time checks
/// (`checks {..}`) and an `inventory` submission of its `Declaration`. The checks go through this
/// macro, so that a `crate = "..."` path that does not resolve is reported once, at this macro's
/// path, not again at every check.
///
/// `$primitive` is a `Primitive` variant with the primitive's name; the mode is
/// `form [Type, "Type as written"]` or `url [url?]`; the optional parts are empty brackets when
/// absent; `$location` is where the declaration is written (the derive spans `line!()` and its
/// neighbours at the declaration's name).
#[doc(hidden)]
#[macro_export]
macro_rules! __declaration {
    (
        handle [$($vis:tt)*] $handle:ident $doc:literal,
        checks {$($checks:tt)*}
        $primitive:ident $primitive_name:literal, $name:literal, $message:literal,
        $mode:ident $mode_args:tt,
        when [$($when:literal)?], on_decline [$($on_decline:literal)?],
        on_cancel [$($on_cancel:literal)?], scope [$($scope:expr)?],
        location $location:expr
    ) => {
        // The handle beside the function; its initializer holds the checks and the registration.
        #[doc = $doc]
        #[allow(dead_code, clippy::all, clippy::absolute_paths)]
        $($vis)* const $handle: $crate::__declaration!(@handle $mode $mode_args) = {
            $($checks)*
            const __MCPDESC_DECLARATION: $crate::__private::Declaration =
                $crate::__private::Declaration::__new(
                    $crate::__private::Primitive::$primitive($primitive_name),
                    $name,
                    $crate::__declaration!(@$mode $mode_args),
                    $message,
                    $crate::__declaration!(@opt $($when)?),
                    $crate::__declaration!(@opt $($on_decline)?),
                    $crate::__declaration!(@opt $($on_cancel)?),
                    $crate::__declaration!(@opt $($scope)?),
                    $location,
                );
            $crate::__private::inventory::submit! { __MCPDESC_DECLARATION }
            <$crate::__declaration!(@handle $mode $mode_args)>::__new(__MCPDESC_DECLARATION)
        };
    };
    (@handle form [$form:ty, $form_name:literal]) => { $crate::__private::FormHandle<$form> };
    (@handle url $url:tt) => { $crate::__private::UrlHandle };
    (@form [$form:ty, $form_name:literal]) => {
        $crate::__private::Mode::Form {
            form: $form_name,
            schema: <$form as $crate::__private::ElicitationForm>::requested_schema,
            versions: <$form as $crate::__private::ElicitationForm>::PROTOCOL_VERSIONS,
        }
    };
    (@url [$($url:literal)?]) => {
        $crate::__private::Mode::Url { url: $crate::__declaration!(@opt $($url)?) }
    };
    (@opt) => { $crate::__private::None };
    (@opt $value:expr) => { $crate::__private::Some($value) };
}

/// The `FieldAttrs` of a form field: each key's value in its brackets, or empty brackets when
/// the field does not set it. A bound is `Int n` or `Float x`; a default is `str "text"`,
/// `int n`, `float x`, `bool b`, `variant value` or `variants [value, ...]`, where a value is an
/// expression for the wire value of a variant.
#[doc(hidden)]
#[macro_export]
macro_rules! __field_attrs {
    (
        [$($title:literal)?] [$($description:literal)?]
        [$($min_length:literal)?] [$($max_length:literal)?] [$($format:literal)?]
        [$($minimum:ident $minimum_value:literal)?] [$($maximum:ident $maximum_value:literal)?]
        [$($default:tt)*] [$($min_items:literal)?] [$($max_items:literal)?]
    ) => {
        $crate::__private::FieldAttrs {
            title: $crate::__field_attrs!(@opt $($title)?),
            description: $crate::__field_attrs!(@opt $($description)?),
            min_length: $crate::__field_attrs!(@opt $($min_length)?),
            max_length: $crate::__field_attrs!(@opt $($max_length)?),
            // A name that is no format fails its own check; it never stands for another.
            format: $crate::__field_attrs!(@format $($format)?),
            minimum: $crate::__field_attrs!(
                @opt $($crate::__private::Bound::$minimum($minimum_value))?
            ),
            maximum: $crate::__field_attrs!(
                @opt $($crate::__private::Bound::$maximum($maximum_value))?
            ),
            default: $crate::__field_attrs!(@default $($default)*),
            min_items: $crate::__field_attrs!(@opt $($min_items)?),
            max_items: $crate::__field_attrs!(@opt $($max_items)?),
        }
    };
    (@format) => { $crate::__private::None };
    (@format $name:literal) => { $crate::__private::StringFormat::from_name($name) };
    (@opt) => { $crate::__private::None };
    (@opt $value:expr) => { $crate::__private::Some($value) };
    (@default) => { $crate::__private::None };
    (@default str $value:literal) => {
        $crate::__private::Some($crate::__private::DefaultValue::Str($value))
    };
    (@default int $value:literal) => {
        $crate::__private::Some($crate::__private::DefaultValue::Int($value))
    };
    (@default float $value:literal) => {
        $crate::__private::Some($crate::__private::DefaultValue::Float($value))
    };
    (@default bool $value:literal) => {
        $crate::__private::Some($crate::__private::DefaultValue::Bool($value))
    };
    (@default variant $value:expr) => {
        $crate::__private::Some($crate::__private::DefaultValue::Variant($value))
    };
    (@default variants [$($value:expr),*]) => {
        $crate::__private::Some($crate::__private::DefaultValue::Variants(&[
            $($crate::__private::CowStr::Borrowed($value)),*
        ]))
    };
}
