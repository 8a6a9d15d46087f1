//! The one declaration of the orthodox roles that every role enum of the
//! engine starts with.
//!
//! Chess ([`crate::chess::Role`]), the 8x8 core ([`crate::plus::Role`]) and
//! the larger boards ([`crate::big::Role`]) each have their own role enum,
//! sized for their boards, but the code shared between them
//! ([`crate::chess::insufficient`], the 8x8 FEN fields of `crate::fen`)
//! indexes the orthodox roles the same way in all three. `roles!` declares an enum with the
//! six orthodox roles first, in that order, then the enum's own, so the
//! shared indices hold by construction.

/// Declares a role enum: `Pawn`, `Knight`, `Bishop`, `Rook`, `Queen`,
/// `King` (indices 0 to 5), then the roles listed, with `ALL` (every role,
/// in order) and `index` (the place in `ALL`).
macro_rules! roles {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $($(#[$role_meta:meta])* $role:ident,)*
        }
    ) => {
        $(#[$meta])*
        pub enum $name {
            /// Pawn (`P`).
            Pawn,
            /// Knight (`N`).
            Knight,
            /// Bishop (`B`).
            Bishop,
            /// Rook (`R`).
            Rook,
            /// Queen (`Q`).
            Queen,
            /// King (`K`).
            King,
            $($(#[$role_meta])* $role,)*
        }

        impl $name {
            /// Every role, the orthodox six first.
            pub const ALL: [$name; 6 + <[&str]>::len(&[$(stringify!($role)),*])] = [
                $name::Pawn,
                $name::Knight,
                $name::Bishop,
                $name::Rook,
                $name::Queen,
                $name::King,
                $($name::$role,)*
            ];

            /// The role's place in [`Self::ALL`], for indexing tables.
            #[inline(always)]
            pub const fn index(self) -> usize {
                self as usize
            }
        }
    };
}

pub(crate) use roles;
