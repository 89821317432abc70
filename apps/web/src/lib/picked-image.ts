/** An image the user picked and the server stored, with what shows it on screen. */
export type PickedImage = { uploadId: string; previewUrl: string; name: string };
