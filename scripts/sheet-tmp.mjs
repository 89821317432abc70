import sharp from 'sharp';
const [out, ...files] = process.argv.slice(2);
const h = Number(process.env.H ?? 360);
const tiles = await Promise.all(files.map(async f => { const b = await sharp(f).resize({ height: h }).toBuffer({ resolveWithObject: true }); return b; }));
let x = 0; const comps = [];
for (const t of tiles) { comps.push({ input: t.data, left: x, top: 0 }); x += t.info.width + 6; }
await sharp({ create: { width: x, height: h, channels: 3, background: '#fff' } }).composite(comps).jpeg({ quality: 80 }).toFile(out);
