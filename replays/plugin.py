"""The replay recorder and the replay commands, registered as an ordinary plugin."""
