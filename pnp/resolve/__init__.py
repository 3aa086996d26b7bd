"""Resolving: a card's face from its layouts (the Resolver), reuse within a build, worker processes."""
