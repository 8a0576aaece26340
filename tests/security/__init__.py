"""Security tests: each performs an attack for real and checks it is refused."""
