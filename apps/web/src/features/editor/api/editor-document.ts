/**
 * GET and PUT /api/generations/:id/edit?image=N: the saved layers of one image of a result, so that
 * reopening it from History restores every layer (contract in packages/shared/src/api/editor.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { ifMatchOf, type EditorDocument, type EditorDocumentResponse } from '@vitrine/shared/api/editor';
import { api } from '../../../lib/api-client';

const editPath = (resultId: string, image: number) =>
  `/api/generations/${encodeURIComponent(resultId)}/edit?image=${image}`;

export const editorDocumentQueryKey = (resultId: string, image: number) =>
  ['editor', 'document', resultId, image] as const;

export function useEditorDocument(resultId: string, image: number) {
  return useQuery({
    queryKey: editorDocumentQueryKey(resultId, image),
    queryFn: () => api<EditorDocumentResponse>(editPath(resultId, image)),
    retry: false,
    // The editor edits its own copy once loaded; reading again under it would undo the user's work.
    staleTime: Infinity,
    // Forgotten once the editor closes: reopening it reads what was saved since.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * Saves the document over the version it was made from (`basedOn`: the `savedAt` loaded or last saved):
 * a version saved meanwhile elsewhere makes it fail with EDIT_CONFLICT. `keepalive` lets the request
 * outlive the page (a save sent as the tab closes).
 */
export function saveEditorDocument(
  resultId: string,
  image: number,
  document: EditorDocument,
  options: { basedOn: string | null; keepalive?: boolean },
): Promise<EditorDocumentResponse> {
  return api<EditorDocumentResponse>(editPath(resultId, image), {
    method: 'PUT',
    json: document,
    headers: { 'if-match': ifMatchOf(options.basedOn) },
    keepalive: options.keepalive ?? false,
  });
}
