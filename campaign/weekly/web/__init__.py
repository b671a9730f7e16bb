"""The secret weekly moves' web pages: the week's moves, results and the GM's characters."""
