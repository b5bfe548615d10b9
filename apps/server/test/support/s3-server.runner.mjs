// An S3-protocol server process for tests: s3rver on 127.0.0.1, a port the OS picks (or S3_SERVER_PORT), objects under
// the directory given as argv[2], the bucket argv[3] created with a CORS rule for browsers. Prints
// one line `{"port":…}` on stdout once it listens; SIGTERM closes it.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) {
  console.error('usage: node s3-server.runner.mjs <directory> <bucket>');
  process.exit(2);
}

// Browsers PUT uploads to the bucket and fetch media from it (the player and the service worker).
const cors = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <ExposeHeader>Content-Range</ExposeHeader>
    <ExposeHeader>Content-Length</ExposeHeader>
    <ExposeHeader>Accept-Ranges</ExposeHeader>
    <MaxAgeSeconds>600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.env.S3_SERVER_PORT ?? 0),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [cors] }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
