"""Plain implementations of rules the engine computes faster: the long way each shortcut's test
compares with. Nothing here runs in the engine."""
