import v8 from 'node:v8'; import vm from 'node:vm';
import { createParser } from 'eventsource-parser';
import { buildStream } from './streams.mjs';
v8.setFlagsFromString('--expose-gc'); const gc = vm.runInNewContext('gc');
const ours = await import(process.env.DIST ?? '/work/main/dist/index.js');
const [name, mode='stream'] = process.argv.slice(2);
const stream = buildStream(name, 10);
function bodyOf(chunks){let n=0;return new ReadableStream({pull(c){const x=chunks[n++]; if(x===undefined)c.close(); else c.enqueue(x);}})}
async function esJson(body){const p=createParser({onEvent(e){if(e.data!=='[DONE]')JSON.parse(e.data);}});const u=new TextDecoder();const r=body.getReader();for(;;){const {done,value}=await r.read();if(done)break;p.feed(u.decode(value,{stream:true}));}p.feed(u.decode());}
const rate=(t)=>stream.bytes.length/1e6/((performance.now()-t)/1000);
const a=[],b=[];
for (let i=0;i<12;i++){ gc(); let t=performance.now(); await esJson(bodyOf(stream.chunks)); a.push(rate(t)); gc(); t=performance.now();
 if (mode==='stream') await ours.reconstructStream(bodyOf(stream.chunks), stream.spec.readerOptions??{}); else ours.reconstruct(stream.chunks, stream.spec.readerOptions??{});
 b.push(rate(t)); }
const best=(x)=>Math.max(...x.slice(3));
console.log(name, mode, 'es', a.map(x=>x.toFixed(0)).join(' '), '| ours', b.map(x=>x.toFixed(0)).join(' '), '| ratio of best', (best(b)/best(a)).toFixed(2));
