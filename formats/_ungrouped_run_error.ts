/**
 * The error the TREC run readers use to say a run must be read again whole.
 * Private to formats/: `readRun`'s judge catches it and reads again.
 *
 * @module
 */

import { InputError } from "../model/errors.ts";

/** A topic's lines were not contiguous; read again with `collect: true`. */
export class UngroupedRunError extends InputError {}
