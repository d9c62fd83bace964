/**
 * Recovery could not ask its provider or the provider refused: the run is reported FAILED with this
 * sentence (never a credential), and nothing of it was recorded.
 */
export class RecoveryError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Another run holds the window (the job, or an operator's command): this one does not start. */
export class RecoveryBusy extends RecoveryError {
  constructor() {
    super('recovery_running', 'Another recovery run is in progress; try again when it has finished.');
  }
}
