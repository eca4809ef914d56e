import { answer } from './decodeAnswer';
import type { DecodeRequest, DecodeResponse } from './decodeProtocol';

/** A module worker that decodes DICOM frames off the main thread (see decoderClient.ts). */
interface DecodeWorkerScope {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: DecodeResponse, transfer: Transferable[]): void;
}

const scope = self as unknown as DecodeWorkerScope;

scope.onmessage = (event) => {
  void answer(event.data).then(({ response, transfer }) => scope.postMessage(response, transfer));
};
