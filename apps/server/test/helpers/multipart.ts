/** A multipart/form-data body with one file in the field `file`, as a browser sends an upload. */
export function multipartFile(name: string, body: Buffer, type = 'image/jpeg') {
  const boundary = '----vitrine-generation-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
