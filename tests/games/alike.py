"""For the scenario tests of a game whose heuristic is its core's (CoreHeuristic): the agent
asked from the position (choose, as the search's playouts ask it) and from the seat's view alone
(act) must make one choice."""


def play_asking_both(state, agent, rng, explore: float,
                     moves: int | None = None) -> tuple[int, int]:
    """Play `state` on, to its end or for at most `moves` decisions, asking `agent` both ways at
    every decision and asserting they agree; each move is that choice or, when rng.random() falls
    below `explore`, a random legal move. Returns (decisions, decisions with a real choice)."""
    decisions = choices = 0
    while not state.is_terminal and decisions != moves:
        seat, legal = state.current_player, state.legal_actions()
        choice = agent.choose(state, seat)
        assert agent.act(state.view(seat), legal) == choice
        decisions += 1
        choices += len(legal) > 1
        state.apply(legal[rng.randrange(len(legal))] if rng.random() < explore else choice)
    return decisions, choices
