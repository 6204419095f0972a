import CDWallyPlayer

/// What `cdwally status` shows: the one status shape, which the web remote's state shares.
public typealias ControlStatus = PlayerStatus
