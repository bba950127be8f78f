"""Research adapters: PettingZoo, OpenSpiel and Gymnasium views of every Parlour game (the
`research` extra)."""
