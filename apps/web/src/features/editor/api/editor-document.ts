/**
 * GET and PUT /api/generations/:id/edit?image=N: the saved layers of one image of a result, so that
 * reopening it from History restores every layer (contract in packages/shared/src/api/editor.ts).
 */
import { useQuery } from '@tanstack/react-query';
import {
  EDIT_VERSION_HEADER,
  ifMatchOf,
  type EditorDocument,
  type EditorDocumentResponse,
} from '@vitrine/shared/api/editor';
import { api, apiBlob } from '../../../lib/api-client';

const editPath = (resultId: string, image: number) =>
  `/api/generations/${encodeURIComponent(resultId)}/edit?image=${image}`;

export const editorDocumentQueryKey = (resultId: string, image: number) =>
  ['editor', 'document', resultId, image] as const;

/** Saves still on their way, per image: a read waits for them, so it never returns what they replace. */
const saving = new Map<string, Promise<unknown>>();

export function useEditorDocument(resultId: string, image: number) {
  return useQuery({
    queryKey: editorDocumentQueryKey(resultId, image),
    queryFn: async () => {
      // The editor reopened while the save sent as it closed is on its way: read what that save wrote.
      await saving.get(editPath(resultId, image));
      return api<EditorDocumentResponse>(editPath(resultId, image));
    },
    retry: false,
    // The editor edits its own copy once loaded; reading again under it would undo the user's work.
    staleTime: Infinity,
    // Forgotten once the editor closes: reopening it reads what was saved since.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * Saves the document as version `version` (a UUID this client picks), made from version `basedOn`
 * (the one loaded, or the last save sent): a version saved meanwhile elsewhere makes it fail with
 * EDIT_CONFLICT. `orFrom` is a second version it may be stored over: when `basedOn` is a save still on
 * its way, the version that save was made from (so this one is stored even if it arrives first); else
 * the version of a save whose answer was lost (the server may hold it). Sent with keepalive, so that a
 * save outlives a page that closes or reloads.
 */
export function saveEditorDocument(
  resultId: string,
  image: number,
  document: EditorDocument,
  versions: { basedOn: string | null; orFrom?: string | null; version: string },
): Promise<EditorDocumentResponse> {
  const path = editPath(resultId, image);
  const ifMatch =
    versions.orFrom === undefined
      ? ifMatchOf(versions.basedOn)
      : ifMatchOf(versions.basedOn, versions.orFrom);
  const request = api<EditorDocumentResponse>(path, {
    method: 'PUT',
    json: document,
    headers: { 'if-match': ifMatch, [EDIT_VERSION_HEADER]: versions.version },
    keepalive: true,
  });
  const settled = request.catch(() => undefined);
  saving.set(path, settled);
  void settled.then(() => {
    if (saving.get(path) === settled) saving.delete(path);
  });
  return request;
}

/**
 * The edited image at full resolution (POST …/export?image=N): the server sets the document's texts
 * with the engine's typesetting over the image's plate (or the image), with the logo. A PNG.
 */
export function exportEditedImage(resultId: string, image: number, document: EditorDocument): Promise<Blob> {
  return apiBlob(`/api/generations/${encodeURIComponent(resultId)}/export?image=${image}`, {
    method: 'POST',
    json: document,
  });
}
