/// What `emotext --version` prints after the program name.
let emotextVersion = "0.1.0"
